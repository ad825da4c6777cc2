// Bulk migration of issue 16: BENCH_MIGRATION_ITEMS generated legacy items (default 100,000; no
// pictures or files) in a MariaDB database of their own (BENCH_MIGRATION_MARIADB_URL, default
// mysql://root@127.0.0.1:3306, database `corner_bench_legacy`, made and dropped here) migrated into a
// fresh database on the PostgreSQL server by the product's own run (`workMigrationRun`, the job's
// handler, called in this process until the run is DONE), with its 1,000 creators as portal members.
// Baseline in the same run: reading the same items from MariaDB through the legacy source alone
// (`itemsAfter` in batches of the run's size, no writes). Reported: items per second of both, the
// ratio, and memory: the process's resident set sampled every 250 ms, its growth over the run, and
// the growth between the end of the first half of the items and the end (flat: under 64 MiB).
// Goal: ≥ 500 items/s with flat memory. Every item is checked after the run: one bridge each.
import assert from 'node:assert/strict';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import mysql from 'mysql2/promise';
import { sql } from 'drizzle-orm';
import { members, migrationRuns, submissionBridges } from '../apps/server/src/db/schema/index';
import type { JobServices } from '../apps/server/src/jobs/job';
import { createLegacyMariadbSchema, insertLegacyRowsMariadb } from '../apps/server/src/modules/legacy/legacy-mariadb.sql';
import { localLegacyFiles } from '../apps/server/src/modules/legacy/legacy-files';
import { mariadbLegacySource } from '../apps/server/src/modules/legacy/legacy-source.mariadb';
import { workMigrationRun } from '../apps/server/src/modules/migration/migration-run.service';
import { GENERATED_MEMBER_FIRST_ID, generatedLegacyMembers, generatedLegacyRows, legacyDemoCategoryRows } from '../apps/server/src/seed/legacy';
import { createStorage } from '../apps/server/src/storage/index';
import { describeError, preparePostgres } from './databases';
import { markdownTable, type Bench } from './harness';

const ITEMS = Number(process.env.BENCH_MIGRATION_ITEMS ?? 100_000);
const MARIADB = process.env.BENCH_MIGRATION_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const LEGACY_DATABASE = 'corner_bench_legacy';
const CREATORS = 1000;
const FIRST_ID = 100_001;
const GOAL_PER_SECOND = 500;
const FLAT_MIB = 64;
const MiB = 1024 * 1024;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = { error: (obj: unknown, msg?: string) => console.error(msg, obj), warn: () => {}, info: () => {}, debug: () => {} } as never;

export const bench: Bench = {
  name: 'migration',
  async run() {
    const server = await preparePostgres({ name: 'corner_bench_migration' });
    if (typeof server === 'string') throw new Error(`The migration bench needs the PostgreSQL server: ${server}`);
    let admin: mysql.Connection;
    try {
      admin = await mysql.createConnection({ uri: MARIADB, connectTimeout: 5000 });
    } catch (error) {
      await server.cleanup();
      throw new Error(`The migration bench needs MariaDB at ${MARIADB}: ${describeError(error)}`);
    }
    await admin.query(`drop database if exists ${LEGACY_DATABASE}`);
    await admin.query(`create database ${LEGACY_DATABASE} character set utf8mb4 collate utf8mb4_unicode_ci`);
    const legacyUrl = `${MARIADB.replace(/\/$/, '')}/${LEGACY_DATABASE}`;
    const fill = await mysql.createConnection({ uri: legacyUrl });
    const legacy = mariadbLegacySource({ url: legacyUrl, poolSize: 5 }, localLegacyFiles(os.tmpdir()));
    try {
      // The old system: its tables, 1,000 creators and the items.
      await createLegacyMariadbSchema(fill);
      await insertLegacyRowsMariadb(fill, { members: generatedLegacyMembers(CREATORS), categories: legacyDemoCategoryRows() });
      for (let n = 0; n < ITEMS; n += 10_000) await insertLegacyRowsMariadb(fill, generatedLegacyRows(FIRST_ID + n, Math.min(10_000, ITEMS - n), CREATORS));
      // Their portal accounts (members match by id).
      const db = server.database.db;
      for (let n = 0; n < CREATORS; n += 500) {
        await db.insert(members).values(
          Array.from({ length: Math.min(500, CREATORS - n) }, (_, k) => ({ id: GENERATED_MEMBER_FIRST_ID + n + k, username: `Old creator ${n + k + 1}`, email: `old-${n + k + 1}@bench.test` })),
        );
      }
      const [staff] = await db.select({ id: members.id }).from(members).where(sql`${members.email} = 'admin@corner.test'`);

      // Baseline: reading every item through the legacy source, batch by batch.
      const readStarted = performance.now();
      let read = 0;
      for (let after = 0; ; ) {
        const batch = await legacy.itemsAfter(after, server.config.MIGRATION_BATCH_SIZE, { fromId: FIRST_ID });
        if (batch.length === 0) break;
        read += batch.length;
        after = batch.at(-1)!.id;
      }
      const readSeconds = (performance.now() - readStarted) / 1000;
      assert.equal(read, ITEMS);

      // The product: a real run over the range, worked by the job's handler until it is DONE.
      const services: JobServices = {
        database: server.database,
        config: server.config,
        storage: createStorage(server.config),
        urlSigner: null as never,
        jobs: { send: async () => null, wake: () => {}, status: async () => null, wait: async () => null, findUnfinished: async () => null },
        log,
        legacy,
      };
      const [run] = await db
        .insert(migrationRuns)
        .values({ scope: { fromId: FIRST_ID }, dry_run: false, status: 'RUNNING', total: ITEMS, member_id: staff!.id, resumed_at: new Date() })
        .returning();
      global.gc?.();
      const rss = () => process.memoryUsage().rss;
      const startRss = rss();
      let peak = startRss;
      let halfRss: number | null = null;
      let latePeak = 0;
      const sampler = setInterval(() => {
        const now = rss();
        peak = Math.max(peak, now);
        if (halfRss !== null) latePeak = Math.max(latePeak, now);
      }, 250);
      const started = performance.now();
      let status = 'RUNNING';
      while (status === 'RUNNING') {
        status = (await workMigrationRun(services, run!.id)).status;
        if (halfRss === null) {
          const [{ done } = { done: 0 }] = await db.select({ done: migrationRuns.done }).from(migrationRuns).where(sql`${migrationRuns.id} = ${run!.id}`);
          if (done >= ITEMS / 2) halfRss = rss();
        }
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const endRss = rss();
      const [finished] = await db.select().from(migrationRuns).where(sql`${migrationRuns.id} = ${run!.id}`);
      assert.equal(finished!.status, 'DONE');
      assert.equal(finished!.done + finished!.failed, ITEMS, 'every item is counted once');
      const bridged = await db.$count(submissionBridges);
      assert.equal(bridged, finished!.done, 'one bridge per migrated item');

      const rate = ITEMS / seconds;
      const readRate = ITEMS / readSeconds;
      const growth = (peak - startRss) / MiB;
      const lateGrowth = halfRss === null ? Number.NaN : (Math.max(endRss, latePeak) - halfRss) / MiB;
      const flat = halfRss !== null && lateGrowth < FLAT_MIB;
      const head = ['measurement', 'product', 'baseline (same run)', 'ratio', 'goal', 'met'];
      const rows = [
        [
          `${fmt(ITEMS)} legacy items (no files), MariaDB → PostgreSQL server: bulk migration`,
          `${fmt(rate)} items/s (${fmt(finished!.done)} migrated, ${fmt(finished!.failed)} refused, ${fmt(seconds, 1)} s)`,
          `reading them through the legacy source: ${fmt(readRate)} items/s`,
          `${fmt(rate / readRate, 2)}×`,
          `≥ ${GOAL_PER_SECOND} items/s`,
          rate >= GOAL_PER_SECOND ? 'yes' : '**no**',
        ],
        [
          'Memory of the migrating process (resident set)',
          `peak growth ${fmt(growth, 1)} MiB; second half ${fmt(lateGrowth, 1)} MiB`,
          `${fmt(startRss / MiB)} MiB at the start`,
          '',
          `flat: second half < ${FLAT_MIB} MiB`,
          flat ? 'yes' : '**no**',
        ],
      ];
      const note =
        `One run of the product's job handler (\`workMigrationRun\`, batches of ${server.config.MIGRATION_BATCH_SIZE}) in this process over ${fmt(ITEMS)} generated items of ${fmt(CREATORS)} creators, ` +
        'from MariaDB to a fresh database on the PostgreSQL server; deleted items and items of no portal member are refused (counted, not copied). Load average at the end: ' +
        `${fmt(os.loadavg()[0] ?? 0, 1)}.`;
      return {
        markdown: ['## Bulk migration (`bench/migration.bench.ts`)', '', note, '', markdownTable(head, rows)].join('\n'),
        text: [note, ...rows.map((r) => r.join(' | '))].join('\n'),
      };
    } finally {
      await legacy.close();
      await fill.end();
      await admin.query(`drop database if exists ${LEGACY_DATABASE}`);
      await admin.end();
      await server.cleanup();
    }
  },
};
