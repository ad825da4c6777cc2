import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { withDatabase } from './global-setup';

/**
 * A database of this test file's own, copied from the run's migrated template: a fresh PostgreSQL
 * database (dropped on close) or a PGlite instance loaded from the template dump.
 */
export async function createTestDatabase(options: { onQuery?: (sql: string) => void } = {}): Promise<Database> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    return openDatabase({ loadDataDir: new Blob([fs.readFileSync(template.dump)]), onQuery: options.onQuery });
  }
  const { name, url } = await copyTemplateDatabase(template);
  const database = await openDatabase({ url, poolSize: 4, onQuery: options.onQuery });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const drop = new pg.Client({ connectionString: template.url });
      await drop.connect();
      // pg's pool.end() resolves before its connections have gone; forcing the drop while one is
      // still closing would hand that client a FATAL error nobody listens to. Wait for them first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await drop.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/**
 * On the PostgreSQL server: a new database copied from the run's migrated template, for a test that
 * hands it to a process of its own (the run's global teardown drops databases with this prefix).
 * On PGlite: null (such a process opens its own embedded database).
 */
export async function createTestDatabaseUrl(): Promise<string | null> {
  const template = inject('dbTemplate');
  return template.kind === 'postgres' ? (await copyTemplateDatabase(template)).url : null;
}

async function copyTemplateDatabase(template: { url: string; template: string; copyPrefix: string }): Promise<{ name: string; url: string }> {
  const name = `${template.copyPrefix}${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.template}`);
  } finally {
    await admin.end();
  }
  return { name, url: withDatabase(template.url, name) };
}
