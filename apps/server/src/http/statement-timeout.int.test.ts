import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createSession } from '../modules/member/member.service';
import { createTestDatabaseUrl } from '../test/database';
import { buildMember } from '../test/factories';
import { RATE_LIMITS_OFF } from '../test/server';
import { TIMEOUT_MESSAGE } from './mask-error';

// The time budget is the PostgreSQL server's statement_timeout; the embedded database has none. This
// file runs in the PostgreSQL pass of the suite (TEST_DATABASE_URL, as CI's second run sets it).
const url = await createTestDatabaseUrl();

describe.runIf(url)('the time budget of a request on the PostgreSQL server (DATABASE_STATEMENT_TIMEOUT_MS)', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ url: url!, poolSize: 2, statementTimeoutMs: 300 });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url!, DATABASE_STATEMENT_TIMEOUT_MS: '300', ...RATE_LIMITS_OFF });
    app = await buildApp({ config, database, serveWeb: false, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('cancels a statement that runs past it', async () => {
    await expect(database.query('select pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
    // The pool's connection is still good afterwards.
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('answers a request whose SQL ran out of time with TIMEOUT, and the server goes on answering', async () => {
    const member = await buildMember(database.db);
    const token = await createSession(database.db, member.id, 1, { ip: '127.0.0.1', userAgent: null });
    // Another connection holds the table, so the list's statement waits until its budget runs out.
    const blocker = new pg.Client({ connectionString: url! });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table submissions in access exclusive mode');
      const started = Date.now();
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({ query: 'query { myItemsSearch { data { id } } }' }),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      const body = response.json() as { errors?: { message: string; extensions?: Record<string, unknown> }[] };
      expect(body.errors).toEqual([expect.objectContaining({ message: TIMEOUT_MESSAGE, extensions: { code: 'TIMEOUT', category: 'timeout' } })]);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    const after = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ query: 'query { myItemsSearch { data { id } } }' }),
    });
    expect((after.json() as { errors?: unknown }).errors).toBeUndefined();
  });
});
