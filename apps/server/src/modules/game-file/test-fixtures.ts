/**
 * Test helpers for the game-file readers: the fixture writers (fixture-writers.ts), the fuzzing of
 * fuzz.ts, and typed-error checks.
 */
import { expect } from 'vitest';
import { GameFileError, isGameFileErrorCode, type GameFileErrorCode } from './game-file.errors';

export * from './fixture-writers';
export * from './fuzz';
export { seededRandom } from './seeded-random';

/** Asserts that `error` is one of this module's typed errors. */
export function expectGameFileError(error: unknown): void {
  if (!(error instanceof GameFileError)) throw error;
  expect(isGameFileErrorCode(error.code)).toBe(true);
  expect(error.message.length).toBeGreaterThan(0);
}

/** Runs `read` and checks that it either returns or throws a GameFileError. */
export async function returnsOrThrowsTyped(read: () => unknown): Promise<'ok' | 'error'> {
  try {
    await read();
    return 'ok';
  } catch (error) {
    expectGameFileError(error);
    return 'error';
  }
}

/**
 * Runs `read` and checks that it throws a GameFileError with `code` (a plain Error, or no error at
 * all, fails the test); returns the error for checks of its params and message.
 */
export async function expectGameFileErrorCode(read: () => unknown, code: GameFileErrorCode): Promise<GameFileError> {
  let caught: unknown = 'nothing was thrown';
  try {
    await read();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(GameFileError);
  expect((caught as GameFileError).code).toBe(code);
  return caught as GameFileError;
}
