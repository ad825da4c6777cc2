import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
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

type Template = ProvidedContext['dbTemplate'];

interface Shared {
  template: Promise<{ template: Template; remove: () => Promise<void> }>;
  users: number;
}

/**
 * Migrates and seeds reference data ONCE per run. Each test file then starts from a copy:
 * `CREATE DATABASE … TEMPLATE` on a PostgreSQL server (TEST_DATABASE_URL), or a PGlite instance
 * loaded from a data-dir dump. The two server projects (vitest.config.ts and
 * vitest.isolated.config.ts) run this in the same process: the first builds the template, the
 * second uses it, and the last to finish removes it.
 */
export default async function setup(project: TestProject) {
  const holder = globalThis as { cornerTestTemplate?: Shared };
  holder.cornerTestTemplate ??= { template: buildTemplate(), users: 0 };
  const shared = holder.cornerTestTemplate;
  shared.users += 1;
  const { template, remove } = await shared.template;
  project.provide('dbTemplate', template);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder.cornerTestTemplate;
    await remove();
  };
}

async function buildTemplate(): Promise<{ template: Template; remove: () => Promise<void> }> {
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
    return {
      template: { kind: 'postgres', url, template, copyPrefix: `corner_t_${process.pid}_` },
      remove: async () => {
        // Drop the copies this run made, then the template.
        const { rows } = await admin.query<{ datname: string }>(
          `select datname from pg_database where datname like $1`,
          [`corner_t_${process.pid}_%`],
        );
        for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
        await admin.query(`drop database if exists ${template} with (force)`);
        await admin.end();
      },
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
  return { template: { kind: 'pglite', dump }, remove: async () => fs.rmSync(dump, { force: true }) };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
