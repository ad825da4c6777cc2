import crypto from 'node:crypto';
import { classifyFile, cleanFilename, mimetypeOfKind } from '@corner/domain';
import type { Context } from '../../context';
import { authorizationError, AuthorizationCode } from '../../errors';
import { contentDisposition } from '../../storage/content-disposition';
import { StoredUpload } from '../../storage/upload';
import { BlobNotFoundError, parseStagingKey, readFirstBytes, stagingKey } from '../../storage/index';
import { fileError, fileTooLarge } from './file.errors';

/** What getFileUploadUrl answers. */
export interface FileUploadUrl {
  url: string;
  key: string;
  mimetype: string;
  disposition: string;
  method: 'PUT';
  headers: Record<string, string>;
  expires_at: Date;
  max_bytes: number;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The Content-Type the PUT will send: the browser's guess when it is a well-formed type, else
 * application/octet-stream (browsers send "" for .package files). It is only a label for the upload:
 * what a file is gets read from its first bytes when it is registered.
 */
function uploadMimetype(mimetype: string): string {
  const type = mimetype.trim().toLowerCase();
  return MIME.test(type) ? type : 'application/octet-stream';
}

function signedInMember(ctx: Context): number {
  if (!ctx.auth.member) throw authorizationError(AuthorizationCode.NOT_SIGNED_IN);
  return ctx.auth.member.id;
}

/**
 * A signed direct upload for a large file: the browser PUTs the file to `url` with `headers` (to
 * the S3 bucket, or to this server's own route on local disk) before `expires_at`, then registers
 * `key` with createSubmissionFile or replaceSubmissionFile. The key is bound to the caller's member
 * id, the URL to the key. Size and type are checked when the upload is registered (S3 cannot cap a
 * presigned PUT); local disk also stops a body at MAX_FILE_BYTES while it streams in.
 */
export async function getFileUploadUrl(ctx: Context, filename: string, mimetype: string): Promise<FileUploadUrl> {
  const memberId = signedInMember(ctx);
  const name = cleanFilename(filename);
  if (!name || name.startsWith('.')) throw fileError('FILE_NAME_INVALID', {});
  const type = uploadMimetype(mimetype);
  const disposition = contentDisposition('attachment', name);
  const key = stagingKey(memberId, crypto.randomUUID());
  const target = await ctx.storage.uploadTarget(key, { mimetype: type, disposition, expiresInSeconds: ctx.config.DIRECT_UPLOAD_TTL_SECONDS });
  return {
    url: target.url,
    key,
    mimetype: type,
    disposition,
    method: 'PUT',
    headers: target.headers,
    expires_at: target.expiresAt,
    max_bytes: ctx.config.MAX_FILE_BYTES,
  };
}

/**
 * Takes a finished direct upload for registration: checks that the key is the caller's and that
 * its upload is there, not expired, within MAX_FILE_BYTES and a file the site accepts (judged from
 * its first bytes), then moves it into the content store (re-hashing it: the sha256 names the
 * content, and neither the client nor S3's ETag can be trusted for it) and answers it as a
 * StoredUpload, as a multipart upload would be. A refused upload is deleted, so it cannot be tried
 * again; an upload of another member is left alone. Runs no SQL: it may be called inside the
 * caller's transaction (whose content claim then keeps the promoted content from the sweep).
 */
export async function takeDirectUpload(ctx: Context, key: string, filename: string): Promise<StoredUpload> {
  const memberId = signedInMember(ctx);
  const staged = parseStagingKey(key);
  if (!staged) throw fileError('FILE_UPLOAD_KEY_INVALID', {});
  if (staged.memberId !== memberId) throw authorizationError(AuthorizationCode.NOT_OWNER);
  const name = cleanFilename(filename);
  if (!name || name.startsWith('.')) throw fileError('FILE_NAME_INVALID', {});
  const { storage, config } = ctx;
  const max = config.MAX_FILE_BYTES;
  const refuse = async (error: Error) => {
    await storage.delete(key);
    return error;
  };

  const info = await storage.stat(key);
  if (!info) throw fileError('FILE_UPLOAD_MISSING', { filename: name });
  // An upload is kept as long as its link lived; the sweep removes it an hour after that.
  if (Date.now() - info.modifiedAt.getTime() > config.DIRECT_UPLOAD_TTL_SECONDS * 1000) {
    throw await refuse(fileError('FILE_UPLOAD_MISSING', { filename: name }));
  }
  if (info.size > max) throw await refuse(fileTooLarge(name, info.size, max));
  if (info.size === 0) throw await refuse(fileError('FILE_EMPTY', { filename: name }));
  if (!classifyFile(await readFirstBytes(storage, key, info.size), name)) throw await refuse(fileError('FILE_NOT_ACCEPTED', { filename: name }));

  let promoted;
  try {
    promoted = await storage.promote(key);
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw fileError('FILE_UPLOAD_MISSING', { filename: name });
    throw error;
  }
  // The promoted bytes are the ones that count: on S3 the URL could PUT again after the checks above.
  // Content refused here is left to the storage sweep, which removes it under its lock when nothing uses it.
  if (promoted.size > max) throw fileTooLarge(name, promoted.size, max);
  const kind = classifyFile(promoted.firstBytes, name);
  if (!kind || promoted.size === 0) throw fileError(promoted.size === 0 ? 'FILE_EMPTY' : 'FILE_NOT_ACCEPTED', { filename: name });
  return new StoredUpload(name, mimetypeOfKind(kind, promoted.firstBytes), promoted.size, promoted.sha256, promoted.key, promoted.firstBytes, promoted.created);
}
