import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { LEGACY_TEST_MARIADB_URL } from '../../test/legacy-engines';
import { createLegacyMariadbSchema } from './legacy-mariadb.sql';
import { openLegacySource } from './legacy-source.open';

/** Which engine the configuration gives, and a LEGACY_DATABASE_URL that cannot work stopping the start with a clear message. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: '/tmp/corner-legacy-open', LOG_LEVEL: 'silent', ...env });
const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

describe('openLegacySource', () => {
  it('is the embedded engine on the portal’s own database without LEGACY_DATABASE_URL, reading LEGACY_FILES_DIR', async () => {
    const source = await openLegacySource(config({ LEGACY_FILES_DIR: '/tmp/corner-legacy-open/files' }), database);
    expect(source.engine).toBe('postgres');
    expect(await source.countItems({})).toBe(0);
    expect(config().legacyFilesDir).toBe('/tmp/corner-legacy-open/legacy-files');
  });

  it('refuses a LEGACY_DATABASE_URL that is not a MySQL one before anything opens', () => {
    expect(() => config({ LEGACY_DATABASE_URL: 'postgres://somewhere/db' })).toThrow(/LEGACY_DATABASE_URL: must start with mysql:\/\/ or mariadb:\/\//);
  });

  it('stops with a message naming LEGACY_DATABASE_URL when no database answers there', async () => {
    await expect(openLegacySource(config({ LEGACY_DATABASE_URL: 'mysql://root@127.0.0.1:1/legacy' }), database)).rejects.toThrow(
      /^LEGACY_DATABASE_URL: the old system's database does not answer or lacks its tables \(/,
    );
  });

  describe('on MariaDB', async () => {
    const reachable = await mysql
      .createConnection({ uri: LEGACY_TEST_MARIADB_URL, connectTimeout: 3000 })
      .then((c) => c.end().then(() => true))
      .catch(() => false);
    const name = `corner_legacy_test_${crypto.randomBytes(4).toString('hex')}`;
    let admin: mysql.Connection;
    beforeAll(async () => {
      if (!reachable) return;
      admin = await mysql.createConnection({ uri: LEGACY_TEST_MARIADB_URL });
      await admin.query(`CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      if (!reachable) return;
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    });

    it.skipIf(!reachable && process.env.CI !== 'true')('refuses a database without the old system’s tables, then opens one with them (mariadb:// too)', async () => {
      const url = withDatabase(LEGACY_TEST_MARIADB_URL, name);
      await expect(openLegacySource(config({ LEGACY_DATABASE_URL: url }), database)).rejects.toThrow(/LEGACY_DATABASE_URL: .*items/);
      const connection = await mysql.createConnection({ uri: url });
      await createLegacyMariadbSchema(connection);
      await connection.end();
      const source = await openLegacySource(config({ LEGACY_DATABASE_URL: url.replace(/^mysql:/, 'mariadb:') }), database);
      expect(source.engine).toBe('mariadb');
      expect(await source.countItems({})).toBe(0);
      await source.close();
    });
  });
});
