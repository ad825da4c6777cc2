/**
 * Bounded fuzzing of the game-file readers: mutations of valid fixtures, truncations and random
 * bytes, and a runner that accepts only a result or a GameFileError. No test framework in here, so
 * bench/game-file-fuzz.bench.ts runs the long fuzz with the same code the unit tests run briefly.
 */
import { GameFileError, isGameFileErrorCode } from './game-file.errors';
import { seededRandom } from './seeded-random';

const HOSTILE_U32 = [0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x10000, 96, 0x7ffffff0];

/**
 * One mutation of `valid`: byte flips, truncations, random bytes, or a hostile uint32 (huge counts,
 * offsets, lengths) written at a random offset or at one of `hotOffsets` (header and index fields).
 */
export function mutate(valid: Uint8Array, rng: () => number, hotOffsets: number[] = []): Uint8Array {
  const pick = (n: number) => Math.floor(rng() * n);
  const kind = pick(6);
  if (kind === 0) return valid.slice(0, pick(valid.length));
  const out = valid.slice();
  if (out.length === 0) return out;
  if (kind === 1) {
    for (let n = 1 + pick(4); n > 0; n -= 1) out[pick(out.length)]! ^= 1 << pick(8);
  } else if (kind === 2) {
    for (let n = 1 + pick(8); n > 0; n -= 1) out[pick(out.length)] = pick(256);
  } else {
    const at = kind === 3 || hotOffsets.length === 0 ? pick(out.length) : hotOffsets[pick(hotOffsets.length)]!;
    const value = rng() < 0.7 ? HOSTILE_U32[pick(HOSTILE_U32.length)]! : pick(0x100000000);
    for (let i = 0; i < 4 && at + i < out.length; i += 1) out[at + i] = (value >>> (8 * i)) & 0xff;
    if (kind === 5) return out.slice(0, Math.max(0, out.length - pick(64)));
  }
  return out;
}
/**
 * How many fuzz inputs a test file tries: its own default (kept small so the unit run stays fast),
 * or FUZZ_ITERATIONS when set, for a long run: from the repository root,
 * `FUZZ_ITERATIONS=200000 npx vitest run --project server src/modules/game-file`.
 */
export function fuzzIterations(fallback: number): number {
  const fromEnv = Number(process.env.FUZZ_ITERATIONS);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}

/** What a fuzz run saw: how many inputs were read and how many refused, and the slowest one. */
export interface FuzzTally {
  ok: number;
  error: number;
  slowestMs: number;
}

/** The longest one input may take: far above any reader's real cost, so only a runaway loop trips it. */
export const FUZZ_INPUT_MAX_MS = 2000;

/**
 * Feeds each input to `read`, which must return or throw a GameFileError. A failure names the
 * input (its index and first bytes), so it can be turned into a regression test.
 */
export async function fuzzReader(inputs: Iterable<Uint8Array>, read: (bytes: Uint8Array) => unknown): Promise<FuzzTally> {
  const tally: FuzzTally = { ok: 0, error: 0, slowestMs: 0 };
  let n = 0;
  for (const input of inputs) {
    const started = performance.now();
    let outcome: 'ok' | 'error' = 'ok';
    try {
      await read(input);
    } catch (error) {
      outcome = 'error';
      // The same check as expectGameFileError without `expect`, which is slow over thousands of inputs.
      const typed = error instanceof GameFileError && isGameFileErrorCode(error.code) && error.message.length > 0;
      if (!typed) {
        const head = Buffer.from(input.subarray(0, 64)).toString('hex');
        throw new Error(`fuzz input #${n} (${input.length} bytes, starting ${head}) threw: ${String(error)}`, { cause: error });
      }
    }
    const ms = performance.now() - started;
    tally[outcome] += 1;
    tally.slowestMs = Math.max(tally.slowestMs, ms);
    if (ms > FUZZ_INPUT_MAX_MS) throw new Error(`fuzz input #${n} (${input.length} bytes) took ${Math.round(ms)} ms`);
    n += 1;
  }
  return tally;
}
/** Every prefix of `bytes`, from empty to one byte short. */
export function* truncations(bytes: Uint8Array): Generator<Uint8Array> {
  for (let length = 0; length < bytes.length; length += 1) yield bytes.subarray(0, length);
}

/** `count` mutations of `valid` (see `mutate`), from a fixed seed. */
export function* mutations(valid: Uint8Array, count: number, seed: number, hotOffsets: number[] = []): Generator<Uint8Array> {
  const rng = seededRandom(seed);
  for (let i = 0; i < count; i += 1) yield mutate(valid, rng, hotOffsets);
}

/** `count` random byte strings of up to `maxLength` bytes, each starting with `prefix`. */
export function* randomInputs(count: number, seed: number, maxLength: number, prefix: ArrayLike<number> = []): Generator<Uint8Array> {
  const rng = seededRandom(seed);
  for (let i = 0; i < count; i += 1) {
    const out = new Uint8Array(prefix.length + Math.floor(rng() * (maxLength + 1)));
    out.set(Array.from(prefix));
    for (let at = prefix.length; at < out.length; at += 1) out[at] = Math.floor(rng() * 256);
    yield out;
  }
}
