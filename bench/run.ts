// Runs every `bench/*.bench.ts` in turn, prints their tables and rewrites docs/performance.md with
// the latest results. A bench that fails stops the run and leaves the document as it was.
// Usage: `npm run bench` from the repository root.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Bench, BenchReport } from './harness';

// Measure what production runs (no GraphiQL, graphql-js without development checks). Set before
// the benches, and the server code they import, are loaded.
process.env.NODE_ENV ??= 'production';

const benchDir = import.meta.dirname;
const docPath = path.resolve(benchDir, '../docs/performance.md');

async function main(): Promise<void> {
  const only = process.argv[2];
  const files = fs
    .readdirSync(benchDir)
    .filter((f) => f.endsWith('.bench.ts') && (!only || f.startsWith(only)))
    .sort();
  if (!files.length) throw new Error(`No bench matches ${only ?? '*.bench.ts'}`);

  const started = Date.now();
  const loadAverage = os.loadavg()[0] ?? 0;
  const reports: BenchReport[] = [];
  for (const file of files) {
    const { bench } = (await import(path.join(benchDir, file))) as { bench: Bench };
    console.log(`\n== ${bench.name} (${file})`);
    const sectionLoad = os.loadavg()[0] ?? 0;
    const sectionStarted = Date.now();
    const report = await bench.run();
    console.log(`\n${report.text}`);
    // Each section says when it ran: a partial run rewrites only its own sections.
    const stamp = `_Measured ${new Date(sectionStarted).toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${sectionLoad.toFixed(1)} at start, ${((Date.now() - sectionStarted) / 1000).toFixed(0)} s._`;
    reports.push({ ...report, markdown: `${report.markdown.trimEnd()}\n\n${stamp}\n` });
  }

  const cpus = os.cpus();
  const header = [
    '# Performance',
    '',
    'Written by `npm run bench` (`bench/run.ts`); do not edit by hand — the next run rewrites it.',
    '',
    '**Method.** Absolute numbers depend on the machine, so every bench compares the code under test',
    'with a baseline measured in the same run, on the same machine and database, and reports the ratio.',
    'Load is generated with autocannon in a worker thread against 127.0.0.1 only, bounded in',
    'connections and seconds; any error or non-2xx answer fails the bench. The server runs with',
    '`NODE_ENV=production` and logging off. Benches live in `bench/`; timings never go in tests.',
    '',
    `**Last full run:** ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `${cpus.length} CPU(s) (${cpus[0]?.model.trim() ?? 'unknown model'}), ` +
      `Node ${process.version}, ${os.platform()} ${os.arch()}, load average ${loadAverage.toFixed(1)} at start ` +
      `(other work on the machine adds noise; the ratios are what to compare), ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    '',
  ];
  fs.mkdirSync(path.dirname(docPath), { recursive: true });
  if (!only || !fs.existsSync(docPath)) {
    fs.writeFileSync(docPath, [...header, ...reports.map((r) => `${r.markdown}\n`)].join('\n'));
  } else {
    // A partial run replaces only its own sections (matched by their `##` heading) and appends new ones.
    fs.writeFileSync(docPath, replaceSections(fs.readFileSync(docPath, 'utf8'), reports.map((r) => r.markdown)));
  }
  console.log(`\nWrote ${path.relative(process.cwd(), docPath)}${only ? ` (the sections of ${files.join(', ')})` : ''}`);
}

/** The document with each `## ` section whose heading line matches one of `sections` replaced by it. */
export function replaceSections(doc: string, sections: string[]): string {
  const parts = doc.split(/\n(?=## )/);
  for (const section of sections) {
    const heading = section.split('\n', 1)[0]!;
    const at = parts.findIndex((part) => part.split('\n', 1)[0] === heading);
    if (at >= 0) parts[at] = `${section.trimEnd()}\n`;
    else parts.push(`${section.trimEnd()}\n`);
  }
  return parts.join('\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
