import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatBytes } from '@corner/domain';
import type { Storage } from '../storage/index';
import { UploadExistsError, UploadTooLargeError } from '../storage/index';
import type { UrlSigner } from '../storage/signed-url';

export interface DirectUploadRouteOptions {
  storage: Storage;
  urlSigner: UrlSigner;
  /** MAX_FILE_BYTES: the largest body a PUT may send. */
  maxBytes: number;
  /** Told the size of each body stored (the metrics' uploaded bytes). */
  onStored?: (bytes: number) => void;
}

type Query = { expires?: string; signature?: string };

/**
 * How much of a refused body is still read (and dropped) after the answer went out. A server that
 * closes a connection with unread bytes in it makes the client's system reset it, and the client
 * then often sees "connection reset" instead of the answer; past this much it is closed anyway.
 */
const LINGER_BYTES = 8 * 1024 * 1024;

/** Reads what is left of a refused body in the background, up to LINGER_BYTES, then closes the connection. */
function dropRest(raw: IncomingMessage, body: AsyncIterator<Uint8Array>): void {
  void (async () => {
    let dropped = 0;
    try {
      for (;;) {
        const next = await body.next();
        if (next.done) return;
        dropped += next.value.length;
        if (dropped > LINGER_BYTES) return raw.destroy();
      }
    } catch {
      // The client went away: nothing left to read.
    }
  })();
}

/** The refusals a client can act on, as `{ error, code, reason }` (the shape media-routes answers). */
function refuse(reply: FastifyReply, status: number, code: string, reason: string): FastifyReply {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large' }[status] ?? 'Error';
  return reply.status(status).header('cache-control', 'no-store').send({ error, code, reason });
}

/**
 * `PUT /uploads/{memberId}/{uuid}?expires=…&signature=…`: where a browser sends a direct upload's
 * body when files live on local disk (getFileUploadUrl hands out the URL; on S3 the browser PUTs
 * to the bucket instead). The signature covers the path, so a URL uploads only its own key, and
 * only until it expires. The body streams to a temp file with MAX_FILE_BYTES enforced as it
 * arrives, and appears under the key only once complete; a key receives one upload.
 * The route sits in a plugin of its own so that no body parser touches the request.
 */
export function registerDirectUploadRoute(app: FastifyInstance, options: DirectUploadRouteOptions): void {
  const { storage, urlSigner, maxBytes } = options;
  const tooLarge = `The file is too large: files may be at most ${formatBytes(maxBytes)}.`;

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.put<{ Params: { memberId: string; uploadId: string }; Querystring: Query }>(
      '/uploads/:memberId(^\\d{1,10})/:uploadId',
      async (req, reply) => {
        const key = `uploads/${req.params.memberId}/${req.params.uploadId}`;
        // The body as storage reads it. It has no return(): storage stopping early (a limit) leaves
        // the request open, so the refusal can still be sent and the rest read off the wire.
        const iterator = req.raw[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
        const body: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => ({ next: () => iterator.next() }) };
        const refuseAndDrop = (status: number, code: string, reason: string) => {
          const answer = refuse(reply, status, code, reason);
          dropRest(req.raw, iterator);
          return answer;
        };

        if (!storage.receiveUpload) return refuseAndDrop(404, 'DIRECT_UPLOAD_NOT_HERE', 'Direct uploads go to object storage, not to this server.');
        if (!urlSigner.verify(`/${key}`, req.query)) {
          return refuseAndDrop(403, 'UPLOAD_URL_INVALID', 'This upload link has expired or is not for this file. Ask for a new one and upload again.');
        }
        const declared = Number(req.headers['content-length']);
        // Refused before a byte is stored.
        if (Number.isFinite(declared) && declared > maxBytes) return refuseAndDrop(413, 'FILE_TOO_LARGE', tooLarge);
        try {
          const { size } = await storage.receiveUpload(key, body, { maxBytes });
          options.onStored?.(size);
          return reply.status(200).header('cache-control', 'no-store').send({ key, size });
        } catch (error) {
          if (error instanceof UploadTooLargeError) return refuseAndDrop(413, 'FILE_TOO_LARGE', tooLarge);
          if (error instanceof UploadExistsError) {
            return refuseAndDrop(409, 'UPLOAD_EXISTS', 'This upload link was used already. Ask for a new one to upload another file.');
          }
          // A client that went away mid-body: nothing was kept, and nobody is left to answer.
          if (req.raw.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
            req.log.info({ key }, 'A direct upload was interrupted');
            return refuse(reply, 400, 'UPLOAD_INTERRUPTED', 'The upload was interrupted. Please upload the file again.');
          }
          throw error;
        }
      },
    );
  });
}
