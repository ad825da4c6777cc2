import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATH } from '@corner/domain';
import { documentEncoding, loadAppDocuments, paintSettingsOf } from './app-documents';

export interface WebAppOptions {
  /** The main site's address (MAIN_SITE_URL), for the links of the prerendered top bar. */
  mainSiteUrl: string;
}

/** Hashed build output: its names change with its content, so it may be kept for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The stored images and files, uploads and zips (media-routes.ts, direct-upload-route.ts), and the
 * older system's pictures and downloads (legacy-routes.ts): `/{memberId}/images/…`,
 * `/{memberId}/files/…`, `/uploads/…`, `/bundles/…`, `/attachments/…`, `/legacy/…`.
 */
const MEDIA = /^\/(?:\d+\/(?:images|files)|uploads|bundles|attachments|legacy)(?:\/|$)/;

/** Where the build's hashed files are served (`dist/assets`). */
const ASSETS = 'assets';

/** Paths the server answers itself; a miss under them is a 404, never the app. */
const SERVER_PATHS = new RegExp(`^/(?:healthz|config\\.json|${ASSETS})(?:/|$)`);

/** The build's scripts, styles, fonts and source maps: files no browser ever shows as a page. */
const SUBRESOURCE_FILE = /\.(?:js|mjs|css|woff2?|map)$/;

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

export function isMediaPath(url: string): boolean {
  return MEDIA.test(pathOf(url));
}

/** Whether `url` is one of the build's scripts, styles, fonts or source maps under /assets/. */
export function isBuiltSubresource(url: string): boolean {
  const pathname = pathOf(url);
  return pathname.startsWith(`/${ASSETS}/`) && SUBRESOURCE_FILE.test(pathname);
}

/** Whether a GET or HEAD of `url` is one of the app's own routes (anything the server does not own). */
export function isAppRoute(url: string): boolean {
  const pathname = pathOf(url);
  const isApi = pathname === GRAPHQL_PATH || pathname.startsWith(`${GRAPHQL_PATH}/`);
  return !isApi && !MEDIA.test(pathname) && !SERVER_PATHS.test(pathname);
}

/**
 * The built React app from `dist`. Files are served as built, with the `.br` or `.gz` copy the
 * build wrote beside them when the browser accepts it (Content-Encoding, Vary: Accept-Encoding).
 * `/assets/*` (hashed names) are cached for a year; everything else is revalidated. Any GET or
 * HEAD of an app route serves index.html, whatever it accepts, so client routes (and the app's own
 * not-found page) work: with the route's prerendered first paint in it (app-documents.ts). Other
 * methods and missing assets answer 404.
 */
export async function registerWebApp(app: FastifyInstance, dist: string, options: WebAppOptions): Promise<void> {
  const documents = loadAppDocuments(dist, options.mainSiteUrl);
  if (!documents) {
    app.log.warn(`No web build at ${dist}; run "npm run build" (npm start does it for you).`);
    return;
  }
  const assets = path.join(dist, ASSETS) + path.sep;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The compressed copies are reached through their originals only.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, file) {
      res.setHeader('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
      if (hasCompressedCopy(file)) res.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isAppRoute(req.url)) {
      const document = documents.documentFor(pathOf(req.url), paintSettingsOf(req.headers.cookie));
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie');
      reply.header('etag', document.etag);
      if (req.headers['if-none-match'] === document.etag) return reply.status(304).send();
      const encoding = documentEncoding(req.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(document.body(encoding));
    }
    return reply.status(404).send({ error: 'Not Found' });
  });
}

const compressedCopies = new Map<string, boolean>();

/** Whether the build wrote compressed copies of `file` (which may be such a copy itself). */
function hasCompressedCopy(file: string): boolean {
  if (file.endsWith('.br') || file.endsWith('.gz')) return true;
  let has = compressedCopies.get(file);
  if (has === undefined) {
    has = fs.existsSync(`${file}.br`) || fs.existsSync(`${file}.gz`);
    compressedCopies.set(file, has);
  }
  return has;
}
