import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { legacyFolderOf, legacyItemIdOfName } from '@corner/domain';
import { bearerToken, resolveAuth } from '../context';
import type { Sessions } from '../modules/member/session.cache';
import type { LegacySource } from '../modules/legacy/legacy-source';
import { canSeeLegacyMedia } from '../modules/legacy/legacy.policy';
import { legacyFilePath, legacyImagePath } from '../modules/legacy/legacy.service';
import { contentDisposition } from '../storage/content-disposition';
import type { UrlSigner } from '../storage/signed-url';
import { sendFallback } from './media-routes';

export interface LegacyRouteOptions {
  legacy: LegacySource;
  urlSigner: UrlSigner;
  /** Who a Bearer token belongs to. */
  sessions: Pick<Sessions, 'find'>;
}

/** How long browsers and proxies may keep a picture of a live legacy item. */
const PUBLIC_MAX_AGE = 3600;

const PICTURE_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

type Query = { expires?: string; signature?: string };

/**
 * The older submission system's pictures and downloads, by its own layout (SPEC 7: the folder is
 * the item's ID divided by 1000, floored):
 * - `GET /legacy/{ID/1000}/{filename}`: a picture (`{ID}.jpg`, `{ID}_{n}.png`, …). A picture that
 *   has no row, or whose file is missing, answers the fallback picture with 404.
 * - `GET /legacy/{ID/1000}/{ID}/files/{fileId}`: a download, as an attachment.
 * A request passes with the signed URL the API hands out (LegacyImage.url, LegacyFile.url), because
 * the item is live and not hidden, or with the Bearer token of its creator or archive staff
 * (canSeeLegacyMedia).
 */
export function registerLegacyRoutes(app: FastifyInstance, options: LegacyRouteOptions): void {
  const { legacy, urlSigner } = options;

  /** Whether the request may fetch `path` of `item`, and the caching that goes with the answer. */
  async function access(req: FastifyRequest, path: string, item: Parameters<typeof canSeeLegacyMedia>[1]): Promise<string | null> {
    const query = req.query as Query;
    if (query.signature !== undefined && urlSigner.verify(path, query)) return `private, max-age=${urlSigner.secondsLeft(query)}`;
    if (canSeeLegacyMedia({ member: null, permissions: new Set(), problem: null, sessionId: null }, item)) return `public, max-age=${PUBLIC_MAX_AGE}`;
    const auth = await resolveAuth(options.sessions, bearerToken(req.headers.authorization));
    return canSeeLegacyMedia(auth, item) ? 'private, no-cache' : null;
  }

  const forbidden = (reply: FastifyReply) =>
    reply.status(403).header('cache-control', 'no-store').send({ error: 'Forbidden', reason: 'This link has expired or is not yours to open. Reload the page for a new one.' });
  const notFound = (reply: FastifyReply) => reply.status(404).header('cache-control', 'no-store').send({ error: 'Not Found' });

  app.get<{ Params: { folder: string; filename: string } }>('/legacy/:folder(^\\d{1,7})/:filename', async (req, reply) => {
    const { filename } = req.params;
    const itemId = legacyItemIdOfName(filename);
    if (itemId === null || legacyFolderOf(itemId) !== Number(req.params.folder)) return sendFallback(reply);
    const item = await legacy.item(itemId);
    const image = item?.images.find((i) => i.filename === filename);
    if (!item || !image) return sendFallback(reply);
    const cacheControl = await access(req, legacyImagePath(image), item);
    if (!cacheControl) return forbidden(reply);
    const content = await legacy.openMedia('image', itemId, filename);
    if (!content) {
      req.log.warn({ itemId, filename }, 'A legacy picture file is missing');
      return sendFallback(reply);
    }
    const ext = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
    return reply
      .type(PICTURE_TYPES[ext] ?? 'application/octet-stream')
      .header('content-length', content.size)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition('inline', filename))
      .send(content.stream);
  });

  app.get<{ Params: { folder: string; itemId: string; fileId: string } }>('/legacy/:folder(^\\d{1,7})/:itemId(^\\d{1,10})/files/:fileId(^\\d{1,10})', async (req, reply) => {
    const itemId = Number(req.params.itemId);
    if (legacyFolderOf(itemId) !== Number(req.params.folder)) return notFound(reply);
    const item = await legacy.item(itemId);
    const file = item?.files.find((f) => f.id === Number(req.params.fileId));
    if (!item || !file) return notFound(reply);
    const cacheControl = await access(req, legacyFilePath(file), item);
    if (!cacheControl) return forbidden(reply);
    const content = await legacy.openMedia('file', itemId, file.filename);
    if (!content) {
      req.log.warn({ itemId, fileId: file.id }, 'A legacy download is missing');
      return notFound(reply);
    }
    return reply
      .type('application/octet-stream')
      .header('content-length', content.size)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition('attachment', file.filename))
      .send(content.stream);
  });
}
