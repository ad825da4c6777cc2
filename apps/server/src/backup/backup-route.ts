import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { BACKUP_ROUTE, carriesSecret } from './access';

/**
 * POST /internal/backup on a server with the embedded database: the database's consistent dump
 * (a gzipped tar of its data directory) for a request bearing this start's secret (access.ts).
 * The dump is made between two transactions, so requests wait for it for a moment (about a second
 * for a small database); it is compressed while it streams out.
 */
export function registerBackupRoute(app: FastifyInstance, options: { database: Database; secret: string }): void {
  const { database, secret } = options;
  const dump = database.dumpDataDir;
  if (!dump) return;
  app.post(BACKUP_ROUTE, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!carriesSecret(req.headers.authorization, secret)) {
      return reply.status(401).send({ error: 'A backup needs the secret the server wrote into DATA_DIR (npm run backup reads it).' });
    }
    const started = Date.now();
    const tar = await dump();
    req.log.info({ bytes: tar.size, ms: Date.now() - started }, 'Database dumped for a backup');
    const body = Readable.fromWeb(tar.stream() as NodeReadableStream<Uint8Array>).pipe(zlib.createGzip());
    return reply.type('application/gzip').send(body);
  });
}
