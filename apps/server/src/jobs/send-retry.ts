import type { Logger } from '../context';

/** How long a send waits before its one retry after a missing partition. */
export const PARTITION_RETRY_MS = 100;

/**
 * PostgreSQL's "no partition of relation "job" found for row": pg-boss keeps each queue's jobs in a
 * partition of its own, and a connection of the pool once sent the first job of a queue that another
 * connection had created a moment before without finding the new partition yet (seen once in CI, on
 * the PostgreSQL server, at start). The queue's row and its partition are created in one statement,
 * so a second try finds both.
 */
export function isMissingPartition(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '23514' && typeof message === 'string' && message.includes('no partition of relation');
}

/** Runs `send`, and once more after PARTITION_RETRY_MS if it failed on a missing partition. */
export async function sendRetryingPartition<T>(send: () => Promise<T>, log: Pick<Logger, 'warn'>, name: string): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    log.warn({ err: error, queue: name }, 'A job was sent before its queue’s partition was visible; sending it again');
    await new Promise((resolve) => setTimeout(resolve, PARTITION_RETRY_MS));
    return send();
  }
}
