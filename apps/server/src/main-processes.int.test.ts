import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from './test/database';
import { gqlAt, useMainProcesses, type MainProcess, type MainProcessExit } from './test/main-process';

/**
 * The real `main.ts` with SERVER_PROCESSES=2 on the PostgreSQL server: both processes answer on one
 * port, /metrics counts what every process did, a start that cannot listen stops with its reason, a
 * process that dies is replaced, and Ctrl-C stops them all. Runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL, as CI's second run sets it):
 * the embedded database belongs to one process, which app.int.test.ts's configuration test checks.
 */
const url = await createTestDatabaseUrl();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-processes-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const start = useMainProcesses();

/** The server processes the primary runs (Node processes whose parent is the primary), from /proc. */
function serverProcesses(primary: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Node processes only: tsx's esbuild service is a child too.
        return stat.includes(' (node) ') && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === primary;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitFor<T>(what: string, probe: () => T | Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (until(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One sample of a metric in a scrape of /metrics, or null when absent. */
async function metric(server: MainProcess, sample: string): Promise<number | null> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : null;
}

function stopped(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    proc.on('exit', (code) => resolve(code));
    proc.kill('SIGINT');
  });
}

describe.runIf(url)('several server processes on the PostgreSQL server (SERVER_PROCESSES)', () => {
  it('answers on one port from every process, counts every process in /metrics, stops a start that cannot listen, replaces a process that dies and stops all on Ctrl-C', async () => {
    const server = await start(dataDir, { DATABASE_URL: url!, SERVER_PROCESSES: '2' });
    expect(server.output()).toContain('2 server processes');
    const primary = server.proc.pid!;
    const first = serverProcesses(primary);
    expect(first).toHaveLength(2);

    const token = (await gqlAt(server.url, 'mutation { login(user: "creator@corner.test", password: "corner-demo") }')).data.login as string;
    for (let i = 0; i < 12; i++) expect((await gqlAt(server.url, '{ me { UserName } }', {}, token)).data.me).toEqual({ UserName: 'Cora Creator' });
    // Whichever process a scrape reaches, it counts the requests both answered, and what the database
    // knows once (the queue's size as the staff badge counts it, not twice that).
    for (let i = 0; i < 4; i++) {
      expect(await metric(server, 'corner_graphql_requests_total{field="me",outcome="ok"}')).toBe(12);
      expect(await metric(server, 'corner_graphql_requests_total{field="login",outcome="ok"}')).toBe(1);
    }
    const staffToken = (await gqlAt(server.url, 'mutation { login(user: "staff@corner.test", password: "corner-demo") }')).data.login as string;
    const counters = await gqlAt(server.url, '{ staffCounters { waiting } }', {}, staffToken);
    expect(counters.data.staffCounters.waiting).toBeGreaterThan(0);
    expect(await metric(server, 'corner_queue_size{queue="waiting"}')).toBe(counters.data.staffCounters.waiting);

    // A start whose processes cannot listen (the port is taken) stops with their reason, not in a loop.
    const port = new URL(server.url).port;
    const refused = await start(dataDir, { DATABASE_URL: url!, SERVER_PROCESSES: '2', PORT: port }).then(
      () => null,
      (error: MainProcessExit) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.output).toMatch(/EADDRINUSE[\s\S]*A server process could not start \(exit 1\); stopping\./);

    // A process killed outright is replaced; the port answers meanwhile from the other.
    process.kill(first[0]!, 'SIGKILL');
    // A try may go out on a kept-alive connection to the process that was killed, or be handed to it
    // in the moment before the primary knows it died: those fail or hang, and the next try answers.
    const healthz = () => fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    await waitFor('the port answering', healthz, (status) => status === 200);
    const replaced = await waitFor('a new server process', () => serverProcesses(primary), (pids) => pids.length === 2 && !pids.includes(first[0]!));
    expect(replaced).toContain(first[1]);
    expect(server.output()).toMatch(/Server process \d ended \(SIGKILL\); starting another/);
    await waitFor('the new process answering', () => gqlAt(server.url, '{ me { UserName } }', {}, token).then((r) => r.data.me?.UserName), (name) => name === 'Cora Creator');

    expect(await stopped(server.proc)).toBe(0);
    expect(serverProcesses(primary)).toEqual([]);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});
