// Shared pieces of the benches: the shape a bench returns to run.ts, a bounded autocannon run
// against 127.0.0.1 that fails loudly on any non-2xx answer or error, and table rendering.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** The web app's documents by operation name (hash of each), from the build's persisted operations. */
export function persistedHashes(): Map<string, string> {
  const file = path.resolve(import.meta.dirname, '../apps/web/persisted-operations.json');
  const documents = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const byName = new Map<string, string>();
  for (const [hash, document] of Object.entries(documents)) {
    const name = /^(?:query|mutation|subscription) (\w+)/.exec(document)?.[1];
    if (name) byName.set(name, hash);
  }
  return byName;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The median, 95th percentile and mean of timings in ms. */
export function sampleStats(samples: number[]): { p50: number; p95: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

/**
 * Times two ways of answering the same question, one call at a time, after `warmup` calls of each.
 * They alternate which goes first, so neither always runs on a just-warmed cache.
 */
export async function timeAlternately(a: () => Promise<unknown>, b: () => Promise<unknown>, iterations: number, warmup: number): Promise<{ a: number[]; b: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < iterations; i++) {
    const order = i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    for (const which of order) {
      const t = performance.now();
      await (which === 'a' ? a : b)();
      times[which].push(performance.now() - t);
    }
  }
  return times;
}

/** What one `*.bench.ts` file exports as `bench`. */
export interface Bench {
  name: string;
  run(): Promise<BenchReport>;
}

export interface BenchReport {
  /** Markdown section for docs/performance.md (starts with a `##` heading). */
  markdown: string;
  /** Plain-text summary printed to stdout. */
  text: string;
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** A mix of requests each connection sends in turn (each with its own headers and body), instead of one body. */
  requests?: { method: 'GET' | 'POST'; headers: Record<string, string>; body: string }[];
  connections: number;
  seconds: number;
  /** The server runs in this process and its children (SERVER_PROCESSES), not in this one: its CPU counts too. */
  serverPid?: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  /** Busy time of this process's main event loop (the server's) per request, in µs. */
  loopUsPerRequest: number;
  /**
   * CPU time per request, in µs: the app (this process, which holds the load generator's worker and
   * the server, or the server's own processes: `serverPid`) and the machine's PostgreSQL processes
   * (0 where /proc cannot tell).
   */
  cpuUsPerRequest: { process: number; postgres: number };
}

interface ProcStat {
  pid: number;
  name: string;
  parent: number;
  /** utime + stime so far, in µs. */
  cpuUs: number;
}

/** Every process of the machine with its parent and CPU time so far (Linux /proc; empty elsewhere). */
function processes(): ProcStat[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const found: ProcStat[] = [];
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      // ppid, utime and stime: fields 4, 14 and 15 of /proc/<pid>/stat, times in clock ticks (100 a second on Linux).
      found.push({ pid: Number(pid), name: stat.slice(stat.indexOf('(') + 1, close), parent: Number(fields[1]), cpuUs: (Number(fields[11]) + Number(fields[12])) * 10_000 });
    } catch {
      // A process that ended meanwhile.
    }
  }
  return found;
}

/** CPU time so far of the machine's PostgreSQL processes and of the processes under `root` (itself included), in µs. */
function cpuUs(root: number | undefined): { postgres: number; tree: number } {
  const all = processes();
  const postgres = all.filter((p) => p.name === 'postgres').reduce((sum, p) => sum + p.cpuUs, 0);
  if (root === undefined) return { postgres, tree: 0 };
  const inTree = new Set([root]);
  // Children after their parents is not guaranteed: repeat until nothing more joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (inTree.has(p.pid) || !inTree.has(p.parent)) continue;
      inTree.add(p.pid);
      grew = true;
    }
  }
  return { postgres, tree: all.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.cpuUs, 0) };
}

/** One bounded load run. Only loopback URLs; throws if any request failed or was not 2xx. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const host = new URL(options.url).hostname;
  if (host !== '127.0.0.1') throw new Error(`Refusing to load ${options.url}: benches only load 127.0.0.1`);
  const loopBefore = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const othersBefore = cpuUs(options.serverPid);
  const result = await autocannon({
    url: options.url,
    method: options.method,
    headers: options.headers,
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    // The load generator runs in a worker thread, not on the event loop of the server it measures.
    workers: 1,
  });
  const loop = performance.eventLoopUtilization(loopBefore);
  const cpu = process.cpuUsage(cpuBefore);
  const othersAfter = cpuUs(options.serverPid);
  const postgres = othersAfter.postgres - othersBefore.postgres;
  const server = othersAfter.tree - othersBefore.tree;
  if (result.errors || result.timeouts || result.non2xx || result.resets) {
    throw new Error(
      `Load on ${options.url} was not clean: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.non2xx} non-2xx, ${result.resets} resets (status codes ${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  const requests = result['2xx'];
  if (!requests) throw new Error(`Load on ${options.url} completed no request`);
  return {
    reqPerSec: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    loopUsPerRequest: (loop.active * 1000) / requests,
    cpuUsPerRequest: { process: (cpu.user + cpu.system + server) / requests, postgres: postgres / requests },
  };
}

export function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function markdownTable(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

export function textTable(head: string[], rows: string[][]): string {
  const all = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
