// Shared pieces of the benches: the shape a bench returns to run.ts, a bounded autocannon run
// against 127.0.0.1 that fails loudly on any non-2xx answer or error, and table rendering.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

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
}

/** One bounded load run. Only loopback URLs; throws if any request failed or was not 2xx. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const host = new URL(options.url).hostname;
  if (host !== '127.0.0.1') throw new Error(`Refusing to load ${options.url}: benches only load 127.0.0.1`);
  const loopBefore = performance.eventLoopUtilization();
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
