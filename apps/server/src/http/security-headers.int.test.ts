import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/database';
import { GRAPHIQL_POLICY } from './security-headers';

let database: Database;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-headers-'));
const apps: FastifyInstance[] = [];

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dist, WEB_DIST: dist, ...env });
  const app = await buildApp({ config, database, logger: false });
  apps.push(app);
  return app;
}

/** The Content-Security-Policy as directive name → sources. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Corner</title><div id="root"></div>');
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
  });

  const requests = [
    { what: 'the app', url: '/my-creations', method: 'GET' },
    { what: 'the API', url: '/graphql', method: 'POST' },
    { what: 'the health check', url: '/healthz', method: 'GET' },
    { what: 'an image', url: '/1/images/999999', method: 'GET' },
    { what: 'a picture among the assets (an SVG can be opened as a page)', url: '/assets/missing.svg', method: 'GET' },
  ] as const;

  it.each(requests)('go out on every response: $what', async ({ url, method }) => {
    const res = await app.inject({
      method,
      url,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: { query: '{ me { MemberID } }' } } : {}),
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(['/assets/index-abc123.js', '/assets/index-abc123.css', '/assets/inter.woff2', '/assets/index-abc123.js.map'])(
    'on a built script, style, font or map (%s): only what applies to a subresource',
    async (url) => {
      const res = await app.inject(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const pageOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
        expect(res.headers[pageOnly], pageOnly).toBeUndefined();
      }
      // A path that only looks like an asset is a page: every header.
      const page = await app.inject(`/my-creations?next=${encodeURIComponent(url)}`);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['content-security-policy']).toBeDefined();
    },
  );

  it('allow scripts from the portal only, no inline script, and inline styles (Mantine)', async () => {
    const csp = policy((await app.inject('/')).headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
  });

  it('let other sites show images and files (signed or public), not the rest', async () => {
    expect((await app.inject('/1/images/999999')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await app.inject('/healthz')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('give GraphiQL (not in production) its own policy, and only GraphiQL', async () => {
    const page = await app.inject({ url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(GRAPHIQL_POLICY);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const api = await app.inject({ url: '/graphql?query=%7B__typename%7D', headers: { accept: 'application/json' } });
    expect(api.headers['content-security-policy']).not.toBe(GRAPHIQL_POLICY);
  });
});

describe('HSTS', () => {
  it('is sent for https requests behind a trusted proxy (X-Forwarded-Proto)', async () => {
    const app = await appWith({ TRUST_PROXY: 'true' });
    const https = await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    const http = await app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    expect((await app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is never sent on plain http, whatever an untrusted X-Forwarded-Proto says', async () => {
    const app = await appWith({ TRUST_PROXY: 'false' });
    const res = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('object storage in the policy', () => {
  it('allows the origin of an S3-compatible endpoint browsers upload to', async () => {
    const app = await appWith({ STORAGE_URL: 's3://key:secret@corner-files/portal?endpoint=http://127.0.0.1:9000&forcePathStyle=true' });
    const csp = policy((await app.inject('/')).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9000']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:9000']);
  });

  it('allows the bucket host of AWS S3 (virtual-hosted style)', async () => {
    const app = await appWith({ STORAGE_URL: 's3://key:secret@corner-files?region=eu-west-1' });
    const csp = policy((await app.inject('/')).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://corner-files.s3.eu-west-1.amazonaws.com']);
  });
});
