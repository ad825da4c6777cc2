import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { rows } from '../db/rows';
import { members, migrationRuns } from '../db/schema/index';
import { insertLegacyRowsPostgres } from '../seed/legacy';
import { createTestDatabaseUrl } from '../test/database';
import { gqlAt, useMainProcesses, type MainProcess } from '../test/main-process';

/**
 * Issue 16: the real server process (`main.ts`) is killed with SIGKILL while a bulk migration run
 * is part way through, then started again on the same data. The run must go on by itself after the
 * restart and end with counts that add up: every item migrated or refused exactly once, one bridge
 * and one creation per migrated item, nothing half-copied.
 * Runs on the embedded database, or on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-migration-fault-'));
let databaseUrl: string | null = null;
const ITEMS = 3000;
const FIRST = 600_001;

beforeAll(async () => {
  databaseUrl = await createTestDatabaseUrl();
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startMain = useMainProcesses();

function start(): Promise<MainProcess> {
  return startMain(dataDir, {
    DATABASE_URL: databaseUrl ?? undefined,
    // A run whose row stops moving for a second is taken up again at once.
    MIGRATION_STALE_SECONDS: '1',
    // Small batches: the kill comes between two of them, well before the end.
    MIGRATION_BATCH_SIZE: '25',
    JOB_SUPERVISE_SECONDS: '1',
  });
}

async function stop(server: MainProcess): Promise<void> {
  const stopped = new Promise((resolve) => server.proc.once('exit', resolve));
  server.proc.kill('SIGINT');
  await stopped;
}

const RUN = 'query ($id: Int!) { migrationRun(id: $id) { id status total done failed skipped } }';

describe('a bulk migration whose server is killed', () => {
  it('goes on after the restart and ends with every item counted once, one creation each', async () => {
    // The demo data first (the first start makes it), then the legacy items, written while no server runs.
    await stop(await start());
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? undefined, LOG_LEVEL: 'silent' });
    let database = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dir: config.dbDir });
    const [cora] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, 'creator@corner.test'));
    await insertLegacyRowsPostgres(database.db, {
      items: Array.from({ length: ITEMS }, (_, n) => ({
        id: FIRST + n,
        member_id: cora!.id,
        title: `Bulk item ${n + 1}`,
        description: 'From the old site.',
        keywords: '',
        game: 4,
        // Every tenth was deleted on the old site: refused, counted as failed.
        status: n % 10 === 9 ? 'deleted' : 'published',
        publish_date: new Date(Date.now() - 86_400_000),
        is_hidden: false,
        reports: 0,
        uploads: 0,
      })),
    });
    await database.close();

    let server = await start();
    const token = (await gqlAt(server.url, 'mutation { login(user: "admin@corner.test", password: "corner-demo") }', {})).data.login as string;
    const started = await gqlAt(server.url, 'mutation ($from: Int!, $to: Int!) { startMigrationRun(fromId: $from, toId: $to, dryRun: false) { id total } }', { from: FIRST, to: FIRST + ITEMS - 1 }, token);
    expect(started.errors).toBeUndefined();
    const runId = started.data.startMigrationRun.id as number;
    expect(started.data.startMigrationRun.total).toBe(ITEMS);

    // Kill it once a batch or more is in, before the end.
    for (;;) {
      const run = (await gqlAt(server.url, RUN, { id: runId }, token)).data.migrationRun;
      if (run.done + run.failed > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.proc.kill('SIGKILL');
    await new Promise((resolve) => server.proc.once('exit', resolve));

    // Where the killed run stood, read while no server runs.
    database = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dir: config.dbDir });
    const [killed] = await database.db.select().from(migrationRuns).where(eq(migrationRuns.id, runId));
    await database.close();
    expect(killed!.status).toBe('RUNNING');
    expect(killed!.done + killed!.failed, 'the kill came before the end').toBeGreaterThan(0);
    expect(killed!.done + killed!.failed, 'the kill came before the end').toBeLessThan(ITEMS);

    server = await start();
    let run = (await gqlAt(server.url, RUN, { id: runId }, token)).data.migrationRun;
    const deadline = Date.now() + 90_000;
    while (run.status === 'RUNNING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = (await gqlAt(server.url, RUN, { id: runId }, token)).data.migrationRun;
    }
    expect(run).toMatchObject({ status: 'DONE', total: ITEMS, done: ITEMS - ITEMS / 10, failed: ITEMS / 10, skipped: 0 });
    await stop(server);

    database = await openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dir: config.dbDir });
    try {
      const [counts] = await rows<{ bridges: number; creations: number; distinct_items: number; outcomes: number }>(
        database.db,
        sql`
          select
            (select count(*)::int from submission_bridges where legacy_item_id between ${FIRST} and ${FIRST + ITEMS - 1}) as bridges,
            (select count(*)::int from submissions where (migration_result ->> 'legacy_item_id')::int between ${FIRST} and ${FIRST + ITEMS - 1}) as creations,
            (select count(distinct legacy_item_id)::int from migration_item_results where run_id = ${runId}) as distinct_items,
            (select count(*)::int from migration_item_results where run_id = ${runId}) as outcomes`,
      );
      expect(counts).toEqual({ bridges: ITEMS - ITEMS / 10, creations: ITEMS - ITEMS / 10, distinct_items: ITEMS, outcomes: ITEMS });
    } finally {
      await database.close();
    }
  }, 240_000);
});
