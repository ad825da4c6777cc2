import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedCatalog } from '../seed/catalog';
import { seedReference } from '../seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database name. PGlite: the path of a data-dir dump. */
    dbTemplate: { kind: 'postgres'; url: string; template: string; copyPrefix: string } | { kind: 'pglite'; dump: string };
  }
}

/**
 * Migrates and seeds reference data ONCE per run. Each test file then starts from a copy:
 * `CREATE DATABASE … TEMPLATE` on a PostgreSQL server (TEST_DATABASE_URL), or a PGlite instance
 * loaded from a data-dir dump.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `corner_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template), poolSize: 2 });
    await database.migrate();
    await database.db.transaction(async (tx) => {
      await seedReference(tx);
      await seedCatalog(tx);
    });
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template, copyPrefix: `corner_t_${process.pid}_` });
    return async () => {
      // Drop the copies this run made, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`corner_t_${process.pid}_%`],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  await database.db.transaction(async (tx) => {
    await seedReference(tx);
    await seedCatalog(tx);
  });
  const client = (database as unknown as { db: { $client: { dumpDataDir(c: 'none'): Promise<Blob> } } }).db.$client;
  const dump = path.join(os.tmpdir(), `corner-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dump });
  return () => fs.rmSync(dump, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
