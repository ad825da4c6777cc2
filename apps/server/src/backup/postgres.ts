import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../db/client';
import { takeInventory, type Inventory, type Query } from './inventory';
import { someOf } from './manifest';

/**
 * A PostgreSQL server's database is dumped with `pg_dump --format=custom` and restored with
 * `pg_restore`, the server's own tools. The dump's inventory (rows per table, content used) is
 * taken in the very snapshot pg_dump reads (`pg_export_snapshot`), so the two agree exactly while
 * the portal goes on writing.
 */
export async function dumpPostgres(url: string, file: string): Promise<Inventory> {
  const tool = findPgTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const inventory = await takeInventory(queryOf(client), drizzle({ client }) as unknown as Db);
    // The snapshot stays importable while this transaction is open.
    await runTool(tool, ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`], url);
    await client.query('commit');
    return inventory;
  } finally {
    await client.end();
  }
}

/**
 * Restores a dump into the database of `url`, which must be empty, in one transaction: a failure
 * leaves it empty again. Objects are owned by the user of `url`, without the source's grants.
 */
export async function restorePostgres(url: string, file: string): Promise<Inventory> {
  const tool = findPgTool('pg_restore');
  await runTool(tool, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file], url);
  return inventoryAt(url);
}

export async function inventoryAt(url: string): Promise<Inventory> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await takeInventory(queryOf(client), drizzle({ client }) as unknown as Db);
  } finally {
    await client.end();
  }
}

/** Refuses a database that holds any table, sequence or view of its own: a restore never mixes with existing rows. */
export async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to the database of DATABASE_URL: ${(error as Error).message}. Create it first (createdb), empty.`);
  }
  try {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
        order by 1`,
    );
    if (rows.length > 0) {
      throw new Error(
        `The database of DATABASE_URL is not empty (it has ${rows.length} tables and other objects: ${someOf(rows.map((r) => r.name), 3)}). ` +
          'A restore goes into an empty database only, so nothing there is overwritten: create a new one (createdb corner_restored) and point DATABASE_URL at it.',
      );
    }
  } finally {
    await client.end();
  }
}

function queryOf(client: pg.Client): Query {
  return async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];
}

/** Where the PostgreSQL client tools live: PATH, then Debian's /usr/lib/postgresql/<version>/bin (newest first). */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, name));
  let versions: string[] = [];
  try {
    versions = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    // Not a Debian-style installation.
  }
  const candidates = [...onPath, ...versions.map((v) => `/usr/lib/postgresql/${v}/bin/${name}`)];
  const found = candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    throw new Error(
      `${name} was not found (on PATH or in /usr/lib/postgresql/*/bin). A backup of a PostgreSQL server needs its client tools, ` +
        "of the server's major version or newer: apt-get install postgresql-client (Debian, Ubuntu), dnf install postgresql (Fedora, RHEL), " +
        'brew install libpq (macOS); or put the folder that holds them on PATH.',
    );
  }
  return found;
}

/**
 * Runs pg_dump or pg_restore on the database of `url`. The password goes in PGPASSWORD, not on
 * the command line, where every user of the machine could read it; the tools never prompt.
 */
function runTool(tool: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, ['--no-password', `--dbname=${target.toString()}`, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${path.basename(tool)} could not run: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(tool)} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}
