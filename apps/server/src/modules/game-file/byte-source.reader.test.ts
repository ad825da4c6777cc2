import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { byteSourceFromBytes, byteSourceFromFile, readExact, type ByteSource } from './byte-source.reader';
import { GameFileError } from './game-file.errors';
import { expectGameFileErrorCode, fuzzIterations, seededRandom } from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(2000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-byte-source-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const BYTES = Uint8Array.from({ length: 300 }, (_, i) => (i * 13) & 0xff);

describe('byteSourceFromBytes', () => {
  const source = byteSourceFromBytes(BYTES);

  it('gives its size and exactly the bytes asked for', async () => {
    expect(source.size).toBe(300);
    expect([...(await source.read(10, 3))]).toEqual([130, 143, 156]);
    expect(await source.read(300, 0)).toHaveLength(0);
    expect(await source.read(0, 300)).toEqual(BYTES);
  });

  it('refuses reads outside the bytes', async () => {
    for (const [offset, length] of [
      [299, 2],
      [301, 0],
      [-1, 1],
      [0, -1],
      [0.5, 1],
      [Number.NaN, 1],
      [0, Number.POSITIVE_INFINITY],
      [Number.MAX_SAFE_INTEGER, 1],
    ] as const) {
      await expectGameFileErrorCode(() => source.read(offset, length), 'GAME_FILE_READ_FAILED');
    }
  });
});

describe('byteSourceFromFile', () => {
  it('reads the same bytes as the file holds, at any offset', async () => {
    const file = path.join(dir, 'whole.bin');
    fs.writeFileSync(file, BYTES);
    const handle = await fs.promises.open(file, 'r');
    try {
      const source = await byteSourceFromFile(handle);
      expect(source.size).toBe(300);
      expect(await source.read(0, 300)).toEqual(BYTES);
      expect(await source.read(123, 45)).toEqual(BYTES.subarray(123, 168));
      expect(await source.read(300, 0)).toHaveLength(0);
      await expectGameFileErrorCode(() => source.read(250, 51), 'GAME_FILE_READ_FAILED');
    } finally {
      await handle.close();
    }
  });

  it('refuses a read past the end of a file that shrank after it was opened', async () => {
    const file = path.join(dir, 'shrinks.bin');
    fs.writeFileSync(file, BYTES);
    const handle = await fs.promises.open(file, 'r');
    try {
      const source = await byteSourceFromFile(handle);
      fs.truncateSync(file, 100);
      expect(await source.read(0, 100)).toEqual(BYTES.subarray(0, 100));
      await expectGameFileErrorCode(() => source.read(50, 100), 'GAME_FILE_READ_FAILED');
    } finally {
      await handle.close();
    }
  });
});

describe('readExact', () => {
  const source = byteSourceFromBytes(BYTES);

  it('returns the bytes, and an empty array for length 0 without asking the source', async () => {
    expect(await readExact(source, 5, 4)).toEqual(BYTES.subarray(5, 9));
    const never: ByteSource = { size: 10, read: () => Promise.reject(new Error('not to be called')) };
    expect(await readExact(never, 10, 0)).toEqual(new Uint8Array(0));
  });

  it('checks the range before asking the source', async () => {
    const never: ByteSource = { size: 10, read: () => Promise.reject(new Error('not to be called')) };
    await expectGameFileErrorCode(() => readExact(never, 8, 3), 'GAME_FILE_READ_FAILED');
    await expectGameFileErrorCode(() => readExact(never, -1, 3), 'GAME_FILE_READ_FAILED');
  });

  it('refuses a source that returns fewer bytes, or not bytes at all', async () => {
    const shortSource: ByteSource = { size: 300, read: async (offset, length) => BYTES.subarray(offset, offset + length - 1) };
    await expectGameFileErrorCode(() => readExact(shortSource, 0, 10), 'GAME_FILE_READ_FAILED');
    const wrong: ByteSource = { size: 300, read: async () => [1, 2, 3] as unknown as Uint8Array };
    await expectGameFileErrorCode(() => readExact(wrong, 0, 3), 'GAME_FILE_READ_FAILED');
  });
});

describe('fuzz: byteSourceFromBytes and readExact', () => {
  it('either returns exactly the bytes asked for or refuses with GAME_FILE_READ_FAILED', async () => {
    const source = byteSourceFromBytes(BYTES);
    const rng = seededRandom(51);
    const values = [0, 1, 299, 300, 301, -1, 2 ** 31, 2 ** 53, Number.NaN, 1.5, -0];
    const pick = () => (rng() < 0.5 ? values[Math.floor(rng() * values.length)]! : Math.floor(rng() * 320));
    const outcomes = { ok: 0, error: 0 };
    for (let i = 0; i < FUZZ_ITERATIONS; i += 1) {
      const offset = pick();
      const length = pick();
      const read = rng() < 0.5 ? () => readExact(source, offset, length) : () => source.read(offset, length);
      let bytes: Uint8Array;
      try {
        bytes = await read();
      } catch (error) {
        if (!(error instanceof GameFileError && error.code === 'GAME_FILE_READ_FAILED')) throw error;
        outcomes.error += 1;
        continue;
      }
      if (bytes.length !== length || (length > 0 && bytes[0] !== BYTES[offset])) throw new Error(`read(${offset}, ${length}) gave ${bytes.length} bytes`);
      outcomes.ok += 1;
    }
    expect(outcomes.ok).toBeGreaterThan(0);
    expect(outcomes.error).toBeGreaterThan(0);
  });
});
