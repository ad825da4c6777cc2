import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Short-lived signed URLs for images and files. An `<img>` tag or a download link cannot send the
 * Authorization header, so the API hands out `path?expires=…&signature=…`, where the signature is
 * HMAC-SHA256 over the path and the expiry. Whoever holds such a URL may fetch that one path until
 * it expires. The expiry is rounded up to a quarter of the lifetime, so the same URL comes back for
 * a while and browsers can cache the image.
 */
export interface UrlSigner {
  sign(pathname: string, now?: Date): string;
  /** Signs `pathname` to expire exactly at `expires` (whole seconds), for URLs with their own lifetime (direct uploads). */
  signUntil(pathname: string, expires: Date): string;
  /** True when the query carries an unexpired signature of exactly this path. */
  verify(pathname: string, query: { expires?: unknown; signature?: unknown }, now?: Date): boolean;
  /** Seconds until a signed URL's expiry (for Cache-Control). */
  secondsLeft(query: { expires?: unknown }, now?: Date): number;
}

export const SECRET_FILE = 'url-signing-secret';

/**
 * The configured secret, or one generated once into DATA_DIR and read back on every later start
 * (created with O_EXCL, so two processes starting together agree on one).
 */
export function signingSecret(config: Pick<Config, 'URL_SIGNING_SECRET' | 'DATA_DIR'>): string {
  if (config.URL_SIGNING_SECRET) return config.URL_SIGNING_SECRET;
  const file = path.join(config.DATA_DIR, SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** A signer whose secret is read (or generated) the first time it is needed. */
export function createUrlSigner(config: Pick<Config, 'URL_SIGNING_SECRET' | 'DATA_DIR' | 'SIGNED_URL_TTL_SECONDS'>): UrlSigner {
  let secret: string | null = null;
  const key = () => (secret ??= signingSecret(config));
  const ttl = config.SIGNED_URL_TTL_SECONDS;
  const step = Math.max(Math.floor(ttl / 4), 1);
  const mac = (pathname: string, expires: number) =>
    crypto.createHmac('sha256', key()).update(`${pathname}\n${expires}`).digest('base64url');
  const expiresOf = (query: { expires?: unknown }) => {
    const value = Number(query.expires);
    return typeof query.expires === 'string' && /^\d{1,12}$/.test(query.expires) ? value : null;
  };

  return {
    sign(pathname, now = new Date()) {
      const expires = Math.ceil((Math.floor(now.getTime() / 1000) + ttl) / step) * step;
      return `${pathname}?expires=${expires}&signature=${mac(pathname, expires)}`;
    },
    signUntil(pathname, expires) {
      const seconds = Math.ceil(expires.getTime() / 1000);
      return `${pathname}?expires=${seconds}&signature=${mac(pathname, seconds)}`;
    },
    verify(pathname, query, now = new Date()) {
      const expires = expiresOf(query);
      if (expires === null || typeof query.signature !== 'string') return false;
      if (expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(mac(pathname, expires));
      const given = Buffer.from(query.signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
    secondsLeft(query, now = new Date()) {
      const expires = expiresOf(query);
      return expires === null ? 0 : Math.max(0, expires - Math.floor(now.getTime() / 1000));
    },
  };
}
