import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../config';
import type { Context } from '../context';
import { bearerToken, resolveAuth, type AuthState } from '../context';
import type { Sessions } from '../modules/member/session.cache';
import type { Database } from '../db/client';
import { conversationAttachments, fileVersions, files, images, submissions, zipBundles } from '../db/schema/index';
import { assertCanView, isPublished, type SubmissionRow } from '../modules/submission/submission.access';
import { canReadFileHistory } from '../modules/file/file.policy';
import { visitorVersion } from '../modules/file/file-url.service';
import { bundlePath, mayFetchBundle } from '../modules/file/zip-bundle.service';
import { attachmentPath, mayFetchAttachment } from '../modules/conversation/conversation-read.service';
import { BlobNotFoundError, sha256OfBlobKey, type ByteRange, type Storage } from '../storage/index';
import type { UrlSigner } from '../storage/signed-url';
import { contentDisposition } from '../storage/content-disposition';
import { GameFileError, gameFileError } from '../modules/game-file/game-file.errors';
import { thumbnailOfStoredPackage } from '../modules/game-file/inspection.service';
import { collectExactly } from '../modules/game-file/storage-source';
import { MAX_TRAY_PICTURE_BYTES, servedJpeg, servedTrayPicture, type ServedPicture } from '../modules/game-file/tray-picture';

export interface MediaRouteOptions {
  database: Database;
  storage: Storage;
  urlSigner: UrlSigner;
  /** For the game-file worker that reads package thumbnails. */
  config: Config;
  /** Who a Bearer token belongs to. */
  sessions: Pick<Sessions, 'find'>;
}

/** How long browsers and proxies may keep a published creation's image. */
const PUBLIC_MAX_AGE = 3600;

type Query = { expires?: string; signature?: string };
/**
 * How a request was let in: its caching headers, and who was asking when a Bearer token let it in
 * (null for a signed URL or public content, which concern no one in particular).
 */
type Access = { cacheControl: string; vary?: string; auth: AuthState | null } | null;

/**
 * The file bucket of SPEC section 7, served with access checks:
 * `GET /{memberId}/images/{imageId}` and `GET /{memberId}/files/{fileId}_version_{version}`.
 * A request may pass with a signed URL (what the API's `url` fields hand out, for `<img>` tags and
 * downloads), with the Bearer token of someone who may view the creation, or, for images only,
 * because the creation is published. A missing or deleted image answers the fallback picture with
 * 404; a path whose member does not own the row is missing too.
 */
export function registerMediaRoutes(app: FastifyInstance, options: MediaRouteOptions): void {
  const { database, storage, urlSigner } = options;
  const db = database.db;

  /**
   * Lets a request in with a valid signature of `path`, because the content is public, or with the
   * Bearer token of someone `may` accepts; null otherwise.
   */
  async function access(
    req: FastifyRequest,
    path: string,
    may: (auth: AuthState) => boolean | Promise<boolean>,
    isPublic = false,
  ): Promise<Access> {
    const query = req.query as Query;
    if (query.signature !== undefined && urlSigner.verify(path, query)) {
      return { cacheControl: `private, max-age=${urlSigner.secondsLeft(query)}`, auth: null };
    }
    if (isPublic) return { cacheControl: `public, max-age=${PUBLIC_MAX_AGE}`, auth: null };
    const token = bearerToken(req.headers.authorization);
    if (!token) return null;
    const auth = await resolveAuth(options.sessions, token);
    if (!(await may(auth))) return null;
    return { cacheControl: 'private, no-cache', vary: 'Authorization', auth };
  }

  /** A file with one of its versions and its creation, for the routes under `/{memberId}/files/`. */
  async function fileVersionRow(fileId: number, version: number) {
    const [row] = await db
      .select({ file: files, version: fileVersions, submission: submissions })
      .from(files)
      .innerJoin(fileVersions, and(eq(fileVersions.file_id, files.id), eq(fileVersions.version, version)))
      .innerJoin(submissions, eq(submissions.id, files.submission_id))
      .where(eq(files.id, fileId));
    return row;
  }

  /** The view rule of a creation, which reads only who is asking. */
  const mayView = (s: SubmissionRow) => (auth: AuthState) => {
    try {
      assertCanView({ auth } as Context, s);
      return true;
    } catch {
      return false;
    }
  };

  const forbidden = (reply: FastifyReply) =>
    reply
      .status(403)
      .header('cache-control', 'no-store')
      .send({ error: 'Forbidden', reason: 'This link has expired or is not yours to open. Reload the page for a new one.' });

  app.get<{ Params: { memberId: string; imageId: string } }>('/:memberId(^\\d{1,10})/images/:imageId(^\\d{1,10})', async (req, reply) => {
    const memberId = Number(req.params.memberId);
    const imageId = Number(req.params.imageId);
    const [row] = await db
      .select({ image: images, submission: submissions })
      .from(images)
      .innerJoin(submissions, eq(submissions.id, images.submission_id))
      .where(eq(images.id, imageId));
    if (!row || row.image.deleted_at || row.image.member_id !== memberId) return sendFallback(reply);
    const allowed = await access(req, `/${memberId}/images/${imageId}`, mayView(row.submission), isPublished(row.submission));
    if (!allowed) return forbidden(reply);
    const { image } = row;
    return sendContent(req, reply, storage, {
      key: image.storage_key,
      size: image.filesize,
      sha256: image.sha256,
      mimetype: image.mimetype,
      disposition: contentDisposition('inline', image.filename),
      access: allowed,
      onMissing: () => {
        req.log.error({ key: image.storage_key, imageId }, 'Stored image content is missing');
        return sendFallback(reply);
      },
    });
  });

  app.get<{ Params: { memberId: string; fileId: string; version: string } }>(
    '/:memberId(^\\d{1,10})/files/:fileId(^\\d{1,10})_version_:version(^\\d{1,10})',
    async (req, reply) => {
      const memberId = Number(req.params.memberId);
      const fileId = Number(req.params.fileId);
      const version = Number(req.params.version);
      const row = await fileVersionRow(fileId, version);
      if (!row || row.file.member_id !== memberId) return notFound(reply);
      const path = `/${memberId}/files/${fileId}_version_${version}`;
      const allowed = await access(req, path, mayView(row.submission));
      if (!allowed) return forbidden(reply);
      // A signed URL was handed to someone allowed this very version. With a token, only the owner
      // and staff read deleted files and versions other than the one visitors download.
      const isHistory = row.file.deleted_at !== null || version !== visitorVersion(row.file);
      if (allowed.auth && isHistory && !canReadFileHistory(allowed.auth, row.file)) {
        return row.file.deleted_at ? notFound(reply) : forbidden(reply);
      }
      const v = row.version;
      return sendContent(req, reply, storage, {
        key: v.storage_key,
        size: v.filesize,
        sha256: v.sha256,
        mimetype: v.mimetype,
        disposition: contentDisposition('attachment', version === row.file.version ? row.file.filename : v.filename),
        access: allowed,
        onMissing: () => {
          req.log.error({ key: v.storage_key, fileId, version }, 'Stored file content is missing');
          return notFound(reply);
        },
      });
    },
  );

  /**
   * A picture made from a file version (a tray picture decoded, a package's object thumbnail), at
   * `/{memberId}/files/{fileId}_version_{version}/{suffix}`: the file route's access (signed URL, or
   * the token of its owner or staff), an ETag of the content and the suffix, and `make`'s answer.
   */
  async function serveDerived(
    req: FastifyRequest<{ Params: { memberId: string; fileId: string; version: string } }>,
    reply: FastifyReply,
    suffix: string,
    make: (v: typeof fileVersions.$inferSelect) => Promise<ServedPicture | null>,
  ): Promise<FastifyReply> {
    const memberId = Number(req.params.memberId);
    const fileId = Number(req.params.fileId);
    const version = Number(req.params.version);
    const row = await fileVersionRow(fileId, version);
    if (!row || row.file.member_id !== memberId) return notFound(reply);
    const allowed = await access(req, `/${memberId}/files/${fileId}_version_${version}/${suffix}`, mayView(row.submission));
    if (!allowed) return forbidden(reply);
    if (allowed.auth && !canReadFileHistory(allowed.auth, row.file)) return forbidden(reply);
    const etag = `"${row.version.sha256}-${suffix.replace(/\W/g, '-')}"`;
    reply.header('etag', etag).header('cache-control', allowed.cacheControl).header('x-content-type-options', 'nosniff');
    if (allowed.vary) reply.header('vary', allowed.vary);
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();
    let picture: ServedPicture | null;
    try {
      picture = await make(row.version);
    } catch (error) {
      if (error instanceof GameFileError) return unreadable(reply, error.message);
      if (!(error instanceof BlobNotFoundError)) throw error;
      req.log.error({ key: row.version.storage_key, fileId, version }, 'Stored file content is missing');
      return notFound(reply);
    }
    if (!picture) return notFound(reply);
    return reply.type(picture.mimetype).header('content-length', picture.body.length).send(picture.body);
  }

  const FILE_VERSION = '/:memberId(^\\d{1,10})/files/:fileId(^\\d{1,10})_version_:version(^\\d{1,10})';

  // A tray picture (.bpi, .hhi, .sgi, .rmi) decoded for <img> (SPEC 7 getEncryptedImage hands out its signed URL).
  app.get<{ Params: { memberId: string; fileId: string; version: string } }>(`${FILE_VERSION}/picture`, (req, reply) =>
    serveDerived(req, reply, 'picture', async (v) => {
      if (v.filesize > MAX_TRAY_PICTURE_BYTES) throw gameFileError('GAME_FILE_TOO_LARGE', { size: v.filesize, max: MAX_TRAY_PICTURE_BYTES });
      return servedTrayPicture(await collectExactly(await storage.get(v.storage_key), v.filesize));
    }),
  );

  // A catalog object's thumbnail in a package (getPackageData's objects hand out its signed URL),
  // read in the game-file worker: the package's index and that one resource.
  app.get<{ Params: { memberId: string; fileId: string; version: string; instance: string } }>(
    `${FILE_VERSION}/thumbnails/:instance(^[0-9a-f]{16})`,
    (req, reply) =>
      serveDerived(req, reply, `thumbnails/${req.params.instance}`, async (v) => {
        const outcome = await thumbnailOfStoredPackage({ config: options.config, log: req.log }, v.storage_key, req.params.instance);
        if (!outcome.ok) throw new GameFileError(outcome.code, outcome.message, 'validation');
        if (!outcome.thumbnail) return null;
        const { jpeg, alphaPng } = outcome.thumbnail;
        return servedJpeg(Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength), alphaPng);
      }),
  );

  registerBundleRoute(app, options, access, forbidden);
  registerAttachmentRoute(app, options, access, forbidden);
}

/** Whether a request may fetch a path: by its signature, or by its token and the route's rule. */
type AccessCheck = (req: FastifyRequest, path: string, may: (auth: AuthState) => Promise<boolean>) => Promise<Access>;

/**
 * `GET /attachments/{id}`: a message attachment, as a download. A request may pass with the signed
 * URL `ConversationAttachment.url` hands out, or with the Bearer token of the conversation's creator
 * or of message staff (mayFetchAttachment).
 */
function registerAttachmentRoute(
  app: FastifyInstance,
  options: MediaRouteOptions,
  access: AccessCheck,
  forbidden: (reply: FastifyReply) => FastifyReply,
): void {
  const { database, storage } = options;
  const db = database.db;

  app.get<{ Params: { id: string } }>('/attachments/:id(^\\d{1,10})', async (req, reply) => {
    const id = Number(req.params.id);
    const [attachment] = await db.select().from(conversationAttachments).where(eq(conversationAttachments.id, id));
    if (!attachment) return notFound(reply);
    const allowed = await access(req, attachmentPath(attachment), (auth) => mayFetchAttachment(db, auth, id));
    if (!allowed) return forbidden(reply);
    return sendContent(req, reply, storage, {
      key: attachment.storage_key,
      size: attachment.filesize,
      sha256: sha256OfBlobKey(attachment.storage_key),
      mimetype: attachment.mimetype,
      disposition: contentDisposition('attachment', attachment.filename),
      access: allowed,
      onMissing: () => {
        req.log.error({ key: attachment.storage_key, attachmentId: id }, 'Stored attachment content is missing');
        return notFound(reply);
      },
    });
  });
}

/**
 * `GET /bundles/{id}/{filename}`: a finished zip bundle (a creation's download or a staff basket),
 * as an attachment, with ranges and an ETag like the file routes. A request may pass with the
 * signed URL that `ZipBundle.url` hands out, or with the Bearer token of someone who may follow the
 * bundle (mayFetchBundle). The name in the path must be the bundle's: the browser saves under it.
 * A bundle that is not READY is not found.
 */
function registerBundleRoute(
  app: FastifyInstance,
  options: MediaRouteOptions,
  access: AccessCheck,
  forbidden: (reply: FastifyReply) => FastifyReply,
): void {
  const { database, storage } = options;
  const db = database.db;

  app.get<{ Params: { id: string; filename: string } }>('/bundles/:id(^\\d{1,10})/:filename', async (req, reply) => {
    const id = Number(req.params.id);
    const [bundle] = await db.select().from(zipBundles).where(eq(zipBundles.id, id));
    if (!bundle || bundle.filename !== req.params.filename) return notFound(reply);
    const allowed = await access(req, bundlePath(bundle), (auth) => mayFetchBundle(db, auth, bundle));
    if (!allowed) return forbidden(reply);
    const { storage_key: key, sha256, filesize } = bundle;
    if (bundle.status !== 'READY' || !key || !sha256 || filesize === null) return notFound(reply);
    return sendContent(req, reply, storage, {
      key,
      size: filesize,
      sha256,
      mimetype: 'application/zip',
      disposition: contentDisposition('attachment', bundle.filename),
      access: allowed,
      onMissing: () => {
        req.log.error({ key, zipBundleId: id }, 'Stored zip content is missing');
        return notFound(reply);
      },
    });
  });
}

/** 422 with the reader's words: the content is there but is not a picture that can be shown. */
function unreadable(reply: FastifyReply, reason: string) {
  return reply.status(422).header('cache-control', 'no-store').send({ error: 'Unprocessable Content', reason });
}

function notFound(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-store').send({ error: 'Not Found' });
}

interface Content {
  key: string;
  size: number;
  sha256: string;
  mimetype: string;
  disposition: string;
  access: NonNullable<Access>;
  onMissing: () => FastifyReply | Promise<FastifyReply>;
}

/** Sends stored content with validators and caching headers, honouring If-None-Match and Range. */
async function sendContent(req: FastifyRequest, reply: FastifyReply, storage: Storage, c: Content): Promise<FastifyReply> {
  const etag = `"${c.sha256}"`;
  reply
    .header('etag', etag)
    .header('cache-control', c.access.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (c.access.vary) reply.header('vary', c.access.vary);
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();

  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, c.size) : null;
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${c.size}`).send();
  }
  let body;
  try {
    body = await storage.get(c.key, range ?? undefined);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return c.onMissing();
    throw error;
  }
  reply.type(c.mimetype).header('content-disposition', c.disposition);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${c.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.status(200).header('content-length', c.size);
  }
  return reply.send(body);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/**
 * One byte range of `Range: bytes=…` (RFC 9110): "a-b", "a-" or "-n". Several ranges or a header
 * that is not understood: null, and the whole content is sent.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

let fallback: Promise<Buffer> | null = null;

/** The neutral picture shown for a missing image, drawn once with sharp. */
export function fallbackImage(): Promise<Buffer> {
  fallback ??= sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
      <rect width="640" height="480" fill="#eef0f3"/>
      <rect x="230" y="160" width="180" height="140" rx="12" fill="none" stroke="#b8bec8" stroke-width="10"/>
      <circle cx="280" cy="205" r="16" fill="#b8bec8"/>
      <path d="M240 290 L300 230 L340 265 L365 245 L400 290 Z" fill="#b8bec8"/>
    </svg>`),
  )
    .png({ palette: true })
    .toBuffer();
  return fallback;
}

/** The fallback picture with 404: what an image that is missing answers. */
export async function sendFallback(reply: FastifyReply): Promise<FastifyReply> {
  const png = await fallbackImage();
  return reply
    .status(404)
    .type('image/png')
    .header('cache-control', 'no-store')
    .header('content-length', png.length)
    .header('x-content-type-options', 'nosniff')
    .send(png);
}
