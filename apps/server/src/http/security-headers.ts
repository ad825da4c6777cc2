import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from '@corner/domain';
import type { Storage } from '../storage/index';
import { isBuiltSubresource, isMediaPath } from './web-app';

export interface SecurityHeaderOptions {
  /** Where uploads live: browsers PUT straight to an S3 bucket's origin, which the policy must allow. */
  storage: Pick<Storage, 'browserOrigin'>;
}

/** How long browsers keep to https once they saw it (one year); the portal's own host only. */
const HSTS = 'max-age=31536000';

/**
 * The policy of every response. Scripts only from this origin (the built app has no inline script);
 * styles also inline, because Mantine writes `<style>` elements at run time (its theme variables,
 * which follow the member's role, and the media queries of responsive props) and React sets style
 * attributes: a nonce would need index.html rewritten per request. Images and fetches also from the
 * object storage's origin, which browsers upload to and read from through signed URLs.
 */
export function contentSecurityPolicy(storageOrigin: string | null): Record<string, string[]> {
  const storage = storageOrigin ? [storageOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...storage],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...storage],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * GraphiQL (GET /graphql in a browser, served by Yoga when NODE_ENV is not production) is one HTML
 * page with inline scripts that loads its editor from unpkg.com and runs it in blob: workers; it
 * gets this policy instead of the app's. Never sent in production.
 */
export const GRAPHIQL_POLICY = [
  "default-src 'self' https://unpkg.com https://raw.githubusercontent.com data: blob: 'unsafe-inline' 'unsafe-eval'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The headers helmet sets with `options`, recorded once by running its middleware on a stand-in
 * response. @fastify/helmet builds helmet's middleware again on every request (parsing the policy
 * each time, about 50 µs of every answer); the headers never change, so they are computed here once.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The built scripts, styles, fonts and source maps (`isBuiltSubresource`): a browser never shows
 * one as a page, so the policy, framing and referrer headers mean nothing on them, and they were
 * about 600 bytes of every such response (a signed-in page loads dozens). They keep what applies to
 * a subresource. An SVG or HTML file can be opened as a page, so it keeps every header.
 */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'];

/**
 * Security headers on every response (API, media, the web app, errors; scripts and styles only
 * what applies to them, see SUBRESOURCE_HEADERS): helmet's, with the policy
 * above, X-Frame-Options DENY, nosniff, a Referrer-Policy that gives other sites (the main site
 * links) only the origin. HSTS only on requests that came over https, which behind a proxy Fastify
 * knows from X-Forwarded-Proto when TRUST_PROXY is on; never on plain http.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const storageOrigin = (await options.storage.browserOrigin?.()) ?? null;
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(storageOrigin) },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const entries = Object.entries(headers);
  const subresourceEntries = entries.filter(([name]) => SUBRESOURCE_HEADERS.includes(name));
  app.addHook('onRequest', async (req, reply) => {
    // On the raw response, as helmet does: answers written past Fastify (the live-events stream) have them too.
    for (const [name, value] of isBuiltSubresource(req.url) ? subresourceEntries : entries) reply.raw.setHeader(name, value);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Images and files are fetched with signed URLs, and published images are public: other sites
    // (the main site) may show them.
    if (isMediaPath(req.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  app.addHook('onSend', async (req, reply) => {
    const type = reply.getHeader('content-type');
    if (req.method === 'GET' && pathOf(req.url) === GRAPHQL_PATH && typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('content-security-policy', GRAPHIQL_POLICY);
    }
  });
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
