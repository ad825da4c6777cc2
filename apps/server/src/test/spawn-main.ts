import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
 * Starts the real server with exactly `env` (a value of undefined is left out) and resolves once it
 * prints where it is ready; rejects with a MainProcessExit if it exits first. `onSpawned` gets the
 * process at once, so a caller can stop one that never gets ready. No test runner needed: the
 * integration tests (main-process.ts) and the load bench start it this way.
 */
export function spawnMain(env: Record<string, string | undefined>, onSpawned: (proc: ChildProcess) => void = () => {}): Promise<MainProcess> {
  const defined = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const proc = spawn(process.execPath, ['--import', 'tsx', main], { env: defined, stdio: ['ignore', 'pipe', 'pipe'] });
  onSpawned(proc);
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
}
