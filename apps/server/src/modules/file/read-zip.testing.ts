import yauzl from 'yauzl';

export interface ReadEntry {
  name: string;
  bytes: Buffer;
  /** 0 stored, 8 deflated. */
  compressionMethod: number;
  mtime: Date;
}

/** Every entry of a zip (a path or its bytes), read back with yauzl, which checks sizes and CRCs. */
export async function readZip(source: string | Buffer): Promise<ReadEntry[]> {
  const options = { lazyEntries: true, autoClose: false };
  const zip = typeof source === 'string' ? await yauzl.openPromise(source, options) : await yauzl.fromBufferPromise(source, options);
  const entries: ReadEntry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks), compressionMethod: entry.compressionMethod, mtime: entry.getLastModDate() });
    }
  } finally {
    zip.close();
  }
  return entries;
}
