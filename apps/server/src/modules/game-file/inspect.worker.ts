/**
 * The worker thread that reads uploaded contents (inspection.service.ts starts it). It opens the
 * storage from the configuration it is given and answers each request with what the readers found,
 * or the GameFileError that stopped them. Anything else ends the worker, and the service records
 * that content as failed. Four requests:
 * - `{ task: 'inspect', key, filename }`: what the content is and holds (inspect.reader.ts);
 * - `{ task: 'scan', key, knownHighs }`: the 64-bit ids a .blueprint or .room may use whose upper
 *   half is one the site knows (id-scan.reader.ts), as 16-digit hex, for the caller to match;
 * - `{ task: 'thumbnail', key, instance }`: a catalog object's thumbnail in a package (its JPEG and
 *   transparency mask), or null;
 * - `{ task: 'resources', key }`: a package's resources with their fingerprints, to compare versions.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createStorage } from '../../storage/index';
import { GameFileError, gameFileError } from './game-file.errors';
import { idHex } from './binary.reader';
import { readExact } from './byte-source.reader';
import { DEFAULT_MAX_SCAN_BYTES, scanCandidateIds } from './id-scan.reader';
import { inspectContent, readPackageResources } from './inspect.reader';
import type { ResourceList } from './resource-list.reader';
import { readObjectThumbnail, type DecodedThumbnail } from './thumbnail.reader';
import { byteSourceFromStorage } from './storage-source';

export type InspectRequest =
  | { task: 'inspect'; key: string; filename: string }
  | { task: 'scan'; key: string; knownHighs: Uint32Array }
  | { task: 'thumbnail'; key: string; instance: string }
  | { task: 'resources'; key: string };

export type InspectAnswer =
  | { ok: true; inspection: Awaited<ReturnType<typeof inspectContent>> }
  | { ok: true; ids: string[] }
  | { ok: true; thumbnail: DecodedThumbnail | null }
  | { ok: true; resources: ResourceList }
  | { ok: false; code: string; message: string };

const storage = createStorage(workerData as Parameters<typeof createStorage>[0]);

async function answer(request: InspectRequest): Promise<InspectAnswer> {
  const source = await byteSourceFromStorage(storage, request.key);
  if (request.task === 'inspect') return { ok: true, inspection: await inspectContent(source, request.filename) };
  if (request.task === 'thumbnail') return { ok: true, thumbnail: await readObjectThumbnail(source, BigInt(`0x${request.instance}`)) };
  if (request.task === 'resources') return { ok: true, resources: await readPackageResources(source) };
  if (source.size > DEFAULT_MAX_SCAN_BYTES) throw gameFileError('GAME_FILE_TOO_LARGE', { size: source.size, max: DEFAULT_MAX_SCAN_BYTES });
  const ids = scanCandidateIds(await readExact(source, 0, source.size), { knownHighs: new Set(request.knownHighs) });
  return { ok: true, ids: [...ids].map(idHex) };
}

parentPort!.on('message', async (request: InspectRequest) => {
  try {
    parentPort!.postMessage(await answer(request));
  } catch (error) {
    if (!(error instanceof GameFileError)) throw error;
    parentPort!.postMessage({ ok: false, code: error.code, message: error.message } satisfies InspectAnswer);
  }
});
