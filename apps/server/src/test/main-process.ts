import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll } from 'vitest';
import { RATE_LIMITS_OFF } from './server';

const main = path.resolve(import.meta.dirname, '../main.ts');

/** The real `main.ts` running as a child process, as `npm start` runs it. */
export interface MainProcess {
  proc: ChildProcess;
  /** Where it listens, without a trailing slash: `http://127.0.0.1:<port>`. */
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with its exit code once it exits. */
  exited: Promise<number | null>;
}

/** A failed start: the exit code and what it printed. */
export interface MainProcessExit extends Error {
  code: number | null;
  output: string;
}

/**
 * Starts processes of the real server on a DATA_DIR (port 0, loopback, no web app) and kills any
 * still running after the test file. `start(dataDir, env)` resolves once it prints where it is ready, and
 * rejects with a MainProcessExit if it exits first. A DATABASE_URL of undefined is left out. Rate
 * limits are off, as on the test servers: these tests poll, and the limits have their own tests.
 */
export function useMainProcesses(): (dataDir: string, env?: Record<string, string | undefined>) => Promise<MainProcess> {
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const p of running) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  });
  return (dataDir, env = {}) => {
    const merged: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: dataDir,
      // One process unless a test asks for more (main-processes.int.test.ts).
      SERVER_PROCESSES: '1',
      ...RATE_LIMITS_OFF,
      ...env,
    };
    for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
    const proc = spawn(process.execPath, ['--import', 'tsx', main], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(proc);
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    let output = '';
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready at (http:\/\/localhost:\d+)\//.exec(output);
        if (match) resolve({ proc, url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output, exited });
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      void exited.then((code) => reject(Object.assign(new Error(`exited with ${code}: ${output}`), { output, code })));
    });
  };
}

/** A GraphQL request to a running process at `url`, as a client sends it (JSON, bearer token when given). */
export async function gqlAt(url: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : '' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data: Record<string, any>; errors?: { message: string }[] };
}
