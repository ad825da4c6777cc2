import type { DbOrTx } from '../client';

/** Demo history of the staff queues for the overview chart (being written). */
export async function seedQueueHistory(_db: DbOrTx): Promise<void> {}
