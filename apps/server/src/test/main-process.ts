import type { ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';
import { RATE_LIMITS_OFF } from './server';
import { spawnMain, type MainProcess } from './spawn-main';

export type { MainProcess, MainProcessExit } from './spawn-main';

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
  return (dataDir, env = {}) =>
    spawnMain(
      {
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
      },
      (proc) => running.push(proc),
    );
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
