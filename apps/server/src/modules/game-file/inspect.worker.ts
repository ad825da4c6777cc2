/**
 * The worker thread that reads uploaded contents (inspection.service.ts starts it). It opens the
 * storage from the configuration it is given and answers each `{ key, filename }` with what the
 * readers found, or the GameFileError that stopped them. Anything else ends the worker, and the
 * service records that content as failed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createStorage } from '../../storage/index';
import { GameFileError } from './game-file.errors';
import { inspectContent } from './inspect.reader';
import { byteSourceFromStorage } from './storage-source';

export interface InspectRequest {
  key: string;
  filename: string;
}

export type InspectAnswer =
  | { ok: true; inspection: Awaited<ReturnType<typeof inspectContent>> }
  | { ok: false; code: string; message: string };

const storage = createStorage(workerData as Parameters<typeof createStorage>[0]);

parentPort!.on('message', async ({ key, filename }: InspectRequest) => {
  try {
    const source = await byteSourceFromStorage(storage, key);
    const inspection = await inspectContent(source, filename);
    parentPort!.postMessage({ ok: true, inspection } satisfies InspectAnswer);
  } catch (error) {
    if (!(error instanceof GameFileError)) throw error;
    parentPort!.postMessage({ ok: false, code: error.code, message: error.message } satisfies InspectAnswer);
  }
});
