// One measurement of bench/game-files.bench.ts in a process of its own, so that its memory figure
// is its own: `node --import tsx --expose-gc game-files.child.ts <mode> <args>` prints one JSON line
// { ms, peakGrowthMiB, ... }. Modes:
//   index <storageRoot> <key>   the product's package index through ranged reads from storage
//   inspect <file>              the product's whole inspection of a package (inspectContent)
//   s4tk <file>                 @s4tk/models' Package.from of the same bytes (read whole, as it needs)
import fs from 'node:fs/promises';
import path from 'node:path';
import { Package } from '@s4tk/models';
import { byteSourceFromFile } from '../apps/server/src/modules/game-file/byte-source.reader';
import { readPackageIndex } from '../apps/server/src/modules/game-file/dbpf.reader';
import { inspectContent } from '../apps/server/src/modules/game-file/inspect.reader';
import { byteSourceFromStorage } from '../apps/server/src/modules/game-file/storage-source';
import { LocalDiskStorage } from '../apps/server/src/storage/local-disk';

const gc = (globalThis as { gc?: () => void }).gc;

/** Runs `work` and samples the process's resident memory meanwhile: its peak growth over the start. */
async function measure<T>(work: () => Promise<T>): Promise<{ ms: number; peakGrowthMiB: number; result: T }> {
  gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakGrowthMiB: (peak - before) / 1024 / 1024, result };
}

async function main(): Promise<void> {
  const [mode, a, b] = process.argv.slice(2);
  if (mode === 'index') {
    const storage = new LocalDiskStorage(a!);
    const { ms, peakGrowthMiB, result } = await measure(async () => readPackageIndex(await byteSourceFromStorage(storage, b!)));
    console.log(JSON.stringify({ ms, peakGrowthMiB, entries: result.entries.length }));
  } else if (mode === 'inspect') {
    const { ms, peakGrowthMiB, result } = await measure(async () => {
      const handle = await fs.open(a!, 'r');
      try {
        return await inspectContent(await byteSourceFromFile(handle), path.basename(a!));
      } finally {
        await handle.close();
      }
    });
    const summary = result.format === 'package' ? result.result : null;
    console.log(JSON.stringify({ ms, peakGrowthMiB, entries: summary?.entryCount, objects: summary?.objects.length, strings: summary?.strings.length }));
  } else if (mode === 's4tk') {
    const { ms, peakGrowthMiB, result } = await measure(async () => Package.from(await fs.readFile(a!)));
    console.log(JSON.stringify({ ms, peakGrowthMiB, entries: result.size }));
  } else {
    throw new Error(`Unknown mode ${mode}`);
  }
}

await main();
