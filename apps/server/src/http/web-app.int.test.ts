import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { isAppRoute } from './web-app';

let app: FastifyInstance;
let database: Database;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-web-app-'));

// A build as vite.config.ts writes it: compressible files over 1 KB with .br and .gz beside them.
const INDEX = `<!doctype html><html lang="en"><head><title>Corner</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const SMALL = 'console.log(1);\n';

function writeWithCopies(file: string, content: string): void {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  writeWithCopies(path.join(dist, 'index.html'), INDEX);
  writeWithCopies(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'small-def456.js'), SMALL);
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dist, WEB_DIST: dist });
  app = await buildApp({ config, database, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('precompressed assets', () => {
  const asset = (acceptEncoding?: string) =>
    app.inject({ url: '/assets/index-abc123.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy to a browser that accepts it', async () => {
    const res = await asset('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
  });

  it('sends the gzip copy when gzip is all it accepts', async () => {
    const res = await asset('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const res of [await asset(), await asset('identity')]) {
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends a file without copies as it is, with no Vary', async () => {
    const res = await app.inject({ url: '/assets/small-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(SMALL);
  });

  it('answers HEAD of an asset with its headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('does not serve the copies under their own names', async () => {
    expect((await app.inject('/assets/index-abc123.js.br')).statusCode).toBe(404);
  });
});

describe('the app for every app route', () => {
  const routes = ['/', '/login', '/my-creations', '/my-creations/edit/step-1/item/1', '/staff/awaiting-approval', '/no/such/page'];

  it.each(routes)('GET %s with Accept */* serves index.html, revalidated', async (url) => {
    const res = await app.inject({ url, headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves index.html compressed when the browser accepts it', async () => {
    const res = await app.inject({ url: '/my-creations', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it.each(['/', '/my-creations', '/staff'])('HEAD %s answers the same headers without a body', async (url) => {
    const get = await app.inject({ url, headers: { accept: '*/*' } });
    const head = await app.inject({ method: 'HEAD', url, headers: { accept: '*/*' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'cache-control', 'etag', 'content-security-policy']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it('answers 404 for a missing asset, whatever the browser accepts', async () => {
    for (const accept of ['*/*', 'text/html']) {
      const res = await app.inject({ url: '/assets/missing-000000.js', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('answers 404 for other methods on an app route', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/my-creations', headers: { accept: 'text/html' } });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('answers 404 under the API, media and server paths', async () => {
    for (const url of ['/graphql/x', '/healthz/x', '/1/images/not-a-number', '/1/files/x', '/uploads/1/x', '/bundles/x', '/attachments/x']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('a build with prerendered pages', () => {
  const prerenderedDist = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-web-app-prerendered-'));
  let prerenderedApp: FastifyInstance;
  let prerenderedDatabase: Database;
  const placeholder = 'https://main-site.corner.invalid';
  beforeAll(async () => {
    fs.writeFileSync(path.join(prerenderedDist, 'index.html'), INDEX);
    const document = (root: string) => ({ title: null, root });
    fs.writeFileSync(
      path.join(prerenderedDist, 'prerendered.json'),
      JSON.stringify({
        mainSitePlaceholder: placeholder,
        themeStyle: '<style data-mantine-styles="true"></style>',
        themeStyles: {},
        pages: { '/my-creations': { title: 'My creations · Corner', root: `<h1>My creations</h1><a href="${placeholder}">Main site</a>` } },
        staff: document('<p>staff shell</p>'),
        creator: document('<p>creator shell</p>'),
        signedOut: document('<p>signed-out shell</p>'),
      }),
    );
    prerenderedDatabase = await createTestDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: prerenderedDist, WEB_DIST: prerenderedDist, MAIN_SITE_URL: 'https://sims.example' });
    prerenderedApp = await buildApp({ config, database: prerenderedDatabase, logger: false });
  });
  afterAll(async () => {
    await prerenderedApp.close();
    await prerenderedDatabase.close();
    fs.rmSync(prerenderedDist, { recursive: true, force: true });
  });

  it('serves each route its first paint, with the configured main site, revalidated', async () => {
    const res = await prerenderedApp.inject({ url: '/my-creations', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(body).toContain('<title>My creations · Corner</title>');
    expect(body).toContain('<div id="root"><h1>My creations</h1><a href="https://sims.example">Main site</a></div>');
    expect(body).not.toContain(placeholder);
    const staff = await prerenderedApp.inject({ url: '/staff/review/7', headers: { accept: '*/*' } });
    expect(staff.body).toContain('<div id="root"><p>staff shell</p></div>');
    expect(staff.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a browser that has the document, and HEAD without a body', async () => {
    const first = await prerenderedApp.inject({ url: '/my-creations', headers: { 'accept-encoding': 'gzip' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await prerenderedApp.inject({ url: '/my-creations', headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await prerenderedApp.inject({ url: '/login', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('signed-out shell');
    const head = await prerenderedApp.inject({ method: 'HEAD', url: '/my-creations', headers: { 'accept-encoding': 'gzip' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.headers.etag).toBe(etag);
  });
});

describe('isAppRoute', () => {
  it('is every path the server does not own', () => {
    for (const url of ['/', '/login', '/staff/archived/12', '/uploadsx', '/12/imagesx', '/graphqlx', '/config.json.bak?x=1']) {
      expect(isAppRoute(url), url).toBe(true);
    }
    for (const url of ['/graphql', '/graphql?query=x', '/healthz', '/config.json', '/assets/x.js', '/12/images/3', '/12/files/3_version_1', '/uploads/1/x', '/bundles/1/a.zip', '/attachments/4']) {
      expect(isAppRoute(url), url).toBe(false);
    }
  });
});
