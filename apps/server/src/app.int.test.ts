import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';

/** The app's configuration in these tests (its own web build folder). */
function testConfig() {
  return loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dist, WEB_DIST: dist, MAIN_SITE_URL: 'https://main.example.org/' });
}
import type { Database } from './db/client';
import { createTestDatabase } from './test/database';
import { buildMember } from './test/factories';
import { createSession } from './modules/member/member.service';

async function createSessionFor(db: Database): Promise<string> {
  const m = await buildMember(db.db);
  return createSession(db.db, m.id, 1, { ip: '127.0.0.1', userAgent: null });
}

let app: FastifyInstance;
let database: Database;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-web-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Corner</title><div id="root"></div>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  database = await createTestDatabase();
  const config = testConfig();
  app = await buildApp({ config, database, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('HTTP', () => {
  it('GET /healthz answers 200 once the database answers', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the runtime config the web app reads', async () => {
    const res = await app.inject('/config.json');
    expect(res.json()).toEqual({
      mainSiteUrl: 'https://main.example.org/',
      httpTimeoutMs: 0,
      uploads: { maxImageBytes: 10 * 1024 * 1024, maxFileBytes: 512 * 1024 * 1024, maxFiles: 10 },
      // SEED_DEMO is on by default: the demo's sign-ins for its first-run card.
      demo: { password: 'corner-demo', members: expect.arrayContaining([{ email: 'staff@corner.test', what: 'Submissions: the review queues', tryThis: expect.any(String) }]) },
    });
    expect(res.json().demo.members).toHaveLength(7);
    // A real instance says nothing of demo sign-ins.
    const real = await buildApp({ config: { ...testConfig(), SEED_DEMO: false }, database, logger: false, serveWeb: false });
    expect((await real.inject('/config.json')).json().demo).toBeNull();
    await real.close();
  });

  it('serves the app for client routes, including unknown ones (the app shows not-found)', async () => {
    for (const url of ['/', '/staff/awaiting-approval', '/no/such/page']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache, and 404s for missing non-page requests', async () => {
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('GraphQL answers are never cached', async () => {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: { query: '{ me { MemberID } }' } });
    expect(res.json()).toEqual({ data: { me: null } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GraphQL over JSON', () => {
  const post = (payload: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: payload as object,
    });

  it('answers syntax and validation errors as GraphQL errors', async () => {
    const syntax = await post({ query: '{ me { ' });
    expect(syntax.statusCode).toBe(200);
    expect(syntax.json().errors[0].message).toMatch(/^Syntax Error/);
    const unknown = await post({ query: '{ me { Password } }' });
    expect(unknown.json().errors[0].message).toBe('Cannot query field "Password" on type "Member".');
  });

  it('picks the named operation and coerces variables', async () => {
    const res = await post({
      query: 'query A { me { MemberID } } query B($id: Int) { attributeGroups(id: $id) { id } }',
      operationName: 'A',
    });
    expect(res.json()).toEqual({ data: { me: null } });
    const bad = await post({ query: 'query ($id: Int) { categories(id: $id) { id } }', variables: { id: 'seven' } });
    expect(bad.json().errors[0].message).toContain('Int cannot represent non-integer value');
  });

  it('masks unexpected errors: a failing database never shows its SQL', async () => {
    const token = await createSessionFor(database);
    await database.exec('alter table categories rename to categories_gone');
    try {
      const res = await post({ query: '{ categories { id } }' }, token);
      expect(res.json().errors).toEqual([expect.objectContaining({ message: 'Unexpected error.' })]);
      expect(res.body).not.toMatch(/categor(ies|y)_gone|relation|select/i);
    } finally {
      await database.exec('alter table categories_gone rename to categories');
    }
    await database.exec('alter table sessions rename to sessions_gone');
    try {
      const res = await post({ query: '{ me { MemberID } }' }, token);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    } finally {
      await database.exec('alter table sessions_gone rename to sessions');
    }
  });

  it('rejects a malformed body with a clear 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.js/);
  });
});

describe('building the app', () => {
  it('closes what it opened when it cannot be built: no LISTEN connection is left behind', async () => {
    let listening = 0;
    const counted: Database = {
      ...database,
      listen: async (channel, handler, onListening) => {
        const stop = await database.listen(channel, handler, onListening);
        listening += 1;
        return async () => {
          listening -= 1;
          await stop();
        };
      },
    };
    const options = {
      // Sessions kept in memory (0 in tests otherwise) listen for sign-outs on a connection of their own.
      config: { ...testConfig(), sessionCacheSeconds: 30 },
      database: counted,
      serveWeb: false,
      logger: false,
      // What a broken web build does: the documents it ships cannot be read.
      get persistedOperations(): never {
        expect(listening).toBe(1);
        throw new Error('persisted-operations.json is unreadable');
      },
    };
    await expect(buildApp(options)).rejects.toThrow('persisted-operations.json is unreadable');
    expect(listening).toBe(0);
  });
});

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAIN_SITE_URL: 'not a url' })).toThrow(/MAIN_SITE_URL/);
    expect(() => loadConfig({ HTTP_TIMEOUT_MS: '-1' })).toThrow(/HTTP_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_TIMEOUT_MS: '1.5' })).toThrow(/HTTP_TIMEOUT_MS/);
  });

  it('runs one server process on the embedded database and refuses more; one per core, at most 4, sharing ten connections, on a PostgreSQL server', () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    expect(() => loadConfig({ SERVER_PROCESSES: '2' })).toThrow(/SERVER_PROCESSES: more than one process needs a PostgreSQL server/);
    const url = 'postgres://postgres@127.0.0.1:5432/any';
    expect(loadConfig({ DATABASE_URL: url }).serverProcesses).toBe(Math.min(os.availableParallelism(), 4));
    // Ten connections shared among the processes unless set, at least two each; the operations that
    // run at once follow the pool.
    const three = loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '3' });
    expect([three.serverProcesses, three.DATABASE_POOL_SIZE, three.graphqlConcurrency]).toEqual([3, 4, 4]);
    expect(loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '1' }).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '8' }).DATABASE_POOL_SIZE).toBe(2);
    expect(loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '2', DATABASE_POOL_SIZE: '7' }).DATABASE_POOL_SIZE).toBe(7);
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(() => loadConfig({ DATABASE_URL: url, SERVER_PROCESSES: '0' })).toThrow(/SERVER_PROCESSES/);
  });

  it('publishes the HTTP timeout (HTTP_TIMEOUT_MS) in /config.json for the web app', async () => {
    const timed = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dist, HTTP_TIMEOUT_MS: '15000' }), database, logger: false, serveWeb: false });
    try {
      const res = await timed.inject('/config.json');
      expect(res.json()).toMatchObject({ httpTimeoutMs: 15000 });
    } finally {
      await timed.close();
    }
  });
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c).toMatchObject({ PORT: 3000, MAIN_SITE_URL: 'https://example.com', HTTP_TIMEOUT_MS: 0, SEED_DEMO: true });
    expect(c.dbDir).toBe(path.resolve('./data/db'));
  });
});
