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
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  /** Busy time of this process's main event loop (the server's) per request, in µs. */
  loopUsPerRequest: number;
  /** CPU time per request, in µs: this process (the server and the load generator's worker) and the machine's PostgreSQL processes (0 where /proc cannot tell). */
  cpuUsPerRequest: { process: number; postgres: number };
}

/** CPU time of every `postgres` process on the machine so far, in µs (Linux /proc; 0 elsewhere). */
function postgresCpuUs(): number {
  let ticks = 0;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime: fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ticks * 10_000;
}

/** One bounded load run. Only loopback URLs; throws if any request failed or was not 2xx. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const host = new URL(options.url).hostname;
  if (host !== '127.0.0.1') throw new Error(`Refusing to load ${options.url}: benches only load 127.0.0.1`);
  const loopBefore = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuUs();
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
  const postgres = postgresCpuUs() - postgresBefore;
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
    cpuUsPerRequest: { process: (cpu.user + cpu.system) / requests, postgres: postgres / requests },
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
