import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, migrationRuns, submissionBridges, submissions } from '../../db/schema/index';
import { insertLegacyRowsPostgres } from '../../seed/legacy';
import { buildMember } from '../../test/factories';
import { silentLog, useTestServer } from '../../test/server';
import { workMigrationRun } from './migration-run.service';

/**
 * Staff bulk migration (issue 16, item 4) and sync back (item 5), through the API with real
 * pg-boss jobs on the embedded legacy source: a dry run that only reports, a real run, a second run
 * that copies nothing again, pause, resume and cancel, the failure report, and both syncs, twice.
 */
const server = useTestServer({}, { jobs: true });
const DAY = 86_400_000;
const FIRST = 8001;
const PLAIN = 40;

let staff: string;
let creatorId: number;

const RUN_FIELDS = 'id status dry_run total done failed skipped remaining failure_report';
const START = `mutation ($from: Int, $to: Int, $dry: Boolean!) { startMigrationRun(fromId: $from, toId: $to, dryRun: $dry) { ${RUN_FIELDS} } }`;
const RUN = `query ($id: Int!) { migrationRun(id: $id) { ${RUN_FIELDS} } }`;
const UPDATE = `mutation ($id: Int!, $action: String!) { updateMigrationRun(id: $id, action: $action) { ${RUN_FIELDS} } }`;

async function ok(query: string, variables: Record<string, unknown> = {}) {
  const res = await server.gql(query, variables, { token: staff });
  expect(res.errors).toBeUndefined();
  return res.data!;
}

async function finished(id: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const run = (await ok(RUN, { id })).migrationRun;
    if (run.status !== 'RUNNING' || Date.now() > deadline) return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  const db = server.database.db;
  staff = await server.tokenFor((await buildMember(db, { roles: ['Admin'] })).id);
  creatorId = (await buildMember(db)).id;
  const item = (id: number, more: Record<string, unknown> = {}) => ({
    id,
    member_id: creatorId,
    title: `Old item ${id}`,
    description: 'From the old site.',
    keywords: '',
    game: 4,
    status: 'published',
    publish_date: new Date(Date.now() - 100 * DAY),
    is_hidden: false,
    reports: 0,
    uploads: 0,
    ...more,
  });
  await insertLegacyRowsPostgres(db, {
    members: [{ id: creatorId, username: 'Old creator', email: null }],
    items: [
      ...Array.from({ length: PLAIN }, (_, i) => item(FIRST + i)),
      item(FIRST + PLAIN, { status: 'deleted' }),
      item(FIRST + PLAIN + 1, { member_id: 99_999_999 }),
    ],
  });
});

describe('bulk migration', () => {
  let runId: number;

  it('reports in a dry run without copying, then migrates for real, with a report of the failures', async () => {
    const range = { from: FIRST, to: FIRST + PLAIN + 1 };
    const dry = (await ok(START, { ...range, dry: true })).startMigrationRun;
    expect(dry).toMatchObject({ status: 'RUNNING', dry_run: true, total: PLAIN + 2 });
    expect(await finished(dry.id)).toMatchObject({ status: 'DONE', done: PLAIN, failed: 2, skipped: 0, remaining: 0 });
    const ids = Array.from({ length: PLAIN + 2 }, (_, i) => FIRST + i);
    expect(await server.database.db.$count(submissionBridges, inArray(submissionBridges.legacy_item_id, ids))).toBe(0);

    const real = (await ok(START, { ...range, dry: false })).startMigrationRun;
    runId = real.id;
    const done = await finished(real.id);
    expect(done).toMatchObject({ status: 'DONE', dry_run: false, done: PLAIN, failed: 2, skipped: 0 });
    expect(done.failure_report.trim().split('\n')).toEqual([
      'legacy_item_id,outcome,reason',
      `${FIRST + PLAIN},failed,It was deleted on the old site.`,
      `${FIRST + PLAIN + 1},failed,Its creator (member 99999999) has no account on the portal.`,
    ]);
    expect(await server.database.db.$count(submissionBridges, inArray(submissionBridges.legacy_item_id, ids))).toBe(PLAIN);

    // Again: every item is skipped, nothing is copied twice.
    const again = await finished((await ok(START, { ...range, dry: false })).startMigrationRun.id);
    expect(again).toMatchObject({ status: 'DONE', done: 0, skipped: PLAIN, failed: 2 });
    expect(await server.database.db.$count(submissionBridges, inArray(submissionBridges.legacy_item_id, ids))).toBe(PLAIN);
  });

  it('pauses (the job stops), resumes to the end, cancels, and refuses to change a finished run', async () => {
    const db = server.database.db;
    // A run as the page would have started it, before its job picked it up.
    const [run] = await db.insert(migrationRuns).values({ scope: { fromId: FIRST, toId: FIRST + 5 }, dry_run: true, status: 'RUNNING', total: 6, resumed_at: new Date() }).returning();
    const paused = (await ok(UPDATE, { id: run!.id, action: 'pause' })).updateMigrationRun;
    expect(paused.status).toBe('PAUSED');
    const services = { database: server.database, config: server.config, storage: server.storage, urlSigner: null as never, jobs: server.jobs!, log: silentLog as never, legacy: server.legacy };
    expect(await workMigrationRun(services, run!.id)).toEqual({ status: 'PAUSED', handled: 0 });
    expect((await ok(UPDATE, { id: run!.id, action: 'resume' })).updateMigrationRun.status).toBe('RUNNING');
    expect(await finished(run!.id)).toMatchObject({ status: 'DONE', done: 0, skipped: 6 });

    const [other] = await db.insert(migrationRuns).values({ scope: {}, dry_run: true, status: 'PAUSED', total: 1 }).returning();
    expect((await ok(UPDATE, { id: other!.id, action: 'cancel' })).updateMigrationRun.status).toBe('CANCELLED');
    const refused = await server.gql(UPDATE, { id: other!.id, action: 'resume' }, { token: staff });
    expect(refused.errors?.[0]).toMatchObject({ message: `Migration run ${other!.id} is cancelled: it cannot be paused, resumed or cancelled any more.` });
    const unknown = await server.gql(UPDATE, { id: other!.id, action: 'explode' }, { token: staff });
    expect(unknown.errors?.[0]?.message).toBe('The action is pause, resume or cancel.');
  });

  it('syncs status, publish date and hidden back, only what differs, and the category tree with a dry run first', async () => {
    const db = server.database.db;
    const bridges = await db.select().from(submissionBridges).where(inArray(submissionBridges.legacy_item_id, [FIRST, FIRST + 1]));
    const byLegacy = new Map(bridges.map((b) => [b.legacy_item_id, b.submission_id]));
    await db.update(submissions).set({ status: 'REJECTED' }).where(eq(submissions.id, byLegacy.get(FIRST)!));
    await db.update(submissions).set({ deleted_at: new Date() }).where(eq(submissions.id, byLegacy.get(FIRST + 1)!));
    const SYNC = 'mutation { syncToOldSubmissionSystem { checked changed missing } }';
    const first = (await ok(SYNC)).syncToOldSubmissionSystem;
    expect(first.changed).toBe(2);
    expect(first.checked).toBeGreaterThanOrEqual(PLAIN);
    expect((await ok(SYNC)).syncToOldSubmissionSystem.changed).toBe(0);
    expect(await server.legacy.item(FIRST)).toMatchObject({ status: 'rejected', isHidden: false });
    expect(await server.legacy.item(FIRST + 1)).toMatchObject({ status: 'deleted', isHidden: true });
    expect(runId).toBeGreaterThan(0);

    const CATEGORIES = 'mutation ($dry: Boolean!) { syncCategoriesToOldSubmissionSystem(dryRun: $dry) { dry_run inserted renamed moved changes { kind path } } }';
    const portalCount = await db.$count(categories);
    const before = (await server.legacy.categories()).length;
    const dry = (await ok(CATEGORIES, { dry: true })).syncCategoriesToOldSubmissionSystem;
    expect(dry).toMatchObject({ dry_run: true, inserted: portalCount, renamed: 0, moved: 0 });
    expect((await server.legacy.categories()).length).toBe(before);
    const applied = (await ok(CATEGORIES, { dry: false })).syncCategoriesToOldSubmissionSystem;
    expect(applied.inserted).toBe(portalCount);
    expect((await server.legacy.categories()).length).toBe(before + portalCount);
    expect((await ok(CATEGORIES, { dry: true })).syncCategoriesToOldSubmissionSystem).toMatchObject({ inserted: 0, renamed: 0, moved: 0, changes: [] });
  });
});
