import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { LEGACY_ITEM_STATUSES, monthOf, monthsBefore } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { silentLog, useTestServer } from '../test/server';
import { categories, legacyCategoryMappings, members, submissions } from '../db/schema/index';
import { inspectPendingFiles } from '../modules/game-file/inspection.service';
import { seedDemo } from './demo';
import { LEGACY_DEMO_ITEMS, prepareLegacyDemo } from './legacy';
import { DEMO_PAYMENT_REFERENCE } from './payments';

const server = useTestServer();

describe('the demo data', () => {
  it('holds creations waiting for review only as complete as the server lets a creator submit them', async () => {
    expect(await seedDemo(server.database.db, server.storage)).toBe(true);
    const waiting = await server.database.db
      .select({ id: submissions.id, name: submissions.name, member_id: submissions.member_id })
      .from(submissions)
      .where(inArray(submissions.status, ['SUBMITTED', 'TESTING']));
    expect(waiting.length).toBeGreaterThan(2);
    for (const s of waiting) {
      const token = await server.tokenFor(s.member_id);
      const res = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { missing_items { message } } }', { id: s.id }, { token });
      expect({ name: s.name, missing: res.data!.submissionProperties.missing_items }).toEqual({ name: s.name, missing: [] });
    }
  });

  it('gives every creation game files the server reads, and those waiting for review pass the automatic checks', async () => {
    await inspectPendingFiles({ database: server.database, config: server.config, log: silentLog as never });
    const all = await server.database.db.select({ id: submissions.id, name: submissions.name, status: submissions.status, member_id: submissions.member_id }).from(submissions);
    const checks = 'query ($id: Int!) { submissionProperties(id: $id) { files { filename } automatic_checks { id outcome message } } }';
    const outcomes = new Map<string, { id: string; outcome: string; message: string }[]>();
    for (const s of all.filter((c) => c.name !== null)) {
      const res = await server.gql(checks, { id: s.id }, { token: await server.tokenFor(s.member_id) });
      expect(res.errors).toBeUndefined();
      expect(res.data!.submissionProperties.files.length, s.name!).toBeGreaterThan(0);
      outcomes.set(s.name!, res.data!.submissionProperties.automatic_checks);
    }
    for (const s of all.filter((c) => c.status === 'SUBMITTED' || c.status === 'TESTING')) {
      expect({ name: s.name, failing: outcomes.get(s.name!)!.filter((c) => c.outcome !== 'pass') }).toEqual({ name: s.name, failing: [] });
    }
    // No demo creation is a possible copy of another: each file's content is its own.
    const [staff] = await server.database.db.select({ id: members.id }).from(members).where(eq(members.email, 'staff@corner.test'));
    const staffToken = await server.tokenFor(staff!.id);
    for (const s of all) {
      const res = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { possible_duplicates { kind other { name } } } }', { id: s.id }, { token: staffToken });
      expect({ name: s.name, copies: res.data!.submissionProperties.possible_duplicates }).toEqual({ name: s.name, copies: [] });
    }
    // The draft lot uses the published lamp without listing it: step 5 shows its creator the failing check.
    expect(outcomes.get('Maple Lane Starter Home')!.find((c) => c.id === 'usedContent')).toMatchObject({ outcome: 'failure', message: expect.stringContaining('Brass Floor Lamp') });
    expect(outcomes.get('Harbour Café')!.find((c) => c.id === 'usedContent')).toMatchObject({ outcome: 'pass' });
    // Items carry a model: a submitted one declared its polycount, a draft has yet to.
    expect(outcomes.get('Sage Linen Sofa')!.find((c) => c.id === 'polycount')).toMatchObject({ outcome: 'pass', message: expect.stringMatching(/^The polycount given \([\d,]+\) matches/) });
    expect(outcomes.get('Willow Rattan Armchair')!.find((c) => c.id === 'polycount')).toMatchObject({ outcome: 'warning', message: expect.stringContaining('Give the polycount in step 1') });
  });

  it('holds an update whose new package version adds three swatches, which staff read under "What changed"', async () => {
    const [bed] = await server.database.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.name, 'Velvet Canopy Bed'));
    const [staff] = await server.database.db.select({ id: members.id }).from(members).where(eq(members.email, 'staff@corner.test'));
    const query = `query ($id: Int!) { submissionProperties(id: $id) { pending_update_request { changes { state approved_at files { change from { version } to { version }
      package { state resources { added changed } objects { added listed_added { name } } } } } } } }`;
    const res = await server.gql(query, { id: bed!.id }, { token: await server.tokenFor(staff!.id) });
    expect(res.errors).toBeUndefined();
    const changes = res.data!.submissionProperties.pending_update_request.changes;
    expect(changes).toMatchObject({ state: 'ready', files: [{ change: 'replaced', from: { version: 1 }, to: { version: 2 }, package: { state: 'ready', resources: { added: 6, changed: 2 }, objects: { added: 3 } } }] });
    expect(changes.approved_at).not.toBeNull();
    expect(changes.files[0].package.objects.listed_added.map((o: { name: string }) => o.name)).toEqual(
      expect.arrayContaining(['Velvet Canopy Bed, rose swatch', 'Velvet Canopy Bed, sage swatch', 'Velvet Canopy Bed, midnight swatch']),
    );
  });

  it('holds legacy items of every game and status, hidden and reported ones, several of them the demo creator’s, with one picture missing on purpose', async () => {
    const { data: items } = await server.legacy.searchItems({}, { first: 100 });
    expect(new Set(items.map((i) => i.game))).toEqual(new Set([2, 3, 4]));
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(LEGACY_ITEM_STATUSES));
    expect(items.some((i) => i.isHidden)).toBe(true);
    expect(items.some((i) => i.reports > 0)).toBe(true);
    expect(items.some((i) => i.status === 'published' && i.publishDate! > new Date())).toBe(true);
    const [cora] = await server.database.db.select({ id: members.id }).from(members).where(eq(members.email, 'creator@corner.test'));
    expect(items.filter((i) => i.creator.memberId === cora!.id).length).toBeGreaterThanOrEqual(5);
    expect(items.find((i) => i.creator.memberId === cora!.id)!.creator.name).toBe('Cora Creator');
    // The pictures and downloads as files in the ID/1000 layout; the one marked missing is not written.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-legacy-demo-'));
    try {
      const rows = await prepareLegacyDemo(dir, () => cora!.id);
      const missing = LEGACY_DEMO_ITEMS.filter((i) => i.missingPicture !== undefined);
      expect(missing.length).toBeGreaterThan(0);
      for (const image of rows.images) {
        const item = LEGACY_DEMO_ITEMS.find((i) => i.id === image.item_id)!;
        const file = path.join(dir, 'images', String(Math.floor(image.item_id / 1000)), image.filename);
        expect({ file: image.filename, exists: fs.existsSync(file) }).toEqual({ file: image.filename, exists: item.missingPicture !== image.position });
      }
      const [picture] = rows.images;
      const meta = await sharp(path.join(dir, 'images', String(Math.floor(picture!.item_id / 1000)), picture!.filename)).metadata();
      expect([meta.width, meta.height]).toEqual([400, 300]);
      for (const file of rows.files) expect(fs.statSync(path.join(dir, 'files', String(Math.floor(file.item_id / 1000)), file.filename)).size).toBe(file.filesize);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('maps the old categories to the portal categories of the same name, and leaves the others unmapped', async () => {
    const mapped = await server.database.db
      .select({ legacy: legacyCategoryMappings.legacy_category_id, name: categories.name })
      .from(legacyCategoryMappings)
      .innerJoin(categories, eq(categories.id, legacyCategoryMappings.category_id));
    expect(mapped).toContainEqual({ legacy: 100, name: 'Sofas' });
    expect(mapped.every((m) => m.legacy !== 1)).toBe(true); // "Objects" has no portal twin
  });

  it('holds rates, a paid Select artist list of two months ago and last month’s draft with a correction; Ari reads the paid one, Fern’s month is left to generate', async () => {
    const db = server.database.db;
    const [admin] = await db.select({ id: members.id }).from(members).where(eq(members.email, 'admin@corner.test'));
    const lists = await server.gql('query { paymentListsSearch { data { month program status payment_reference total_cents entries { member { UserName } creations { name } adjustments { corrects_month } } } } }', {}, { token: await server.tokenFor(admin!.id) });
    expect(lists.errors).toBeUndefined();
    const lastMonth = monthsBefore(monthOf(new Date()), 1);
    const [draft, paid] = lists.data!.paymentListsSearch.data;
    expect(lists.data!.paymentListsSearch.data).toHaveLength(2);
    expect(paid).toMatchObject({ month: monthsBefore(lastMonth, 1), program: 'select_artist', status: 'PAID', payment_reference: DEMO_PAYMENT_REFERENCE });
    expect(paid.entries).toHaveLength(1);
    expect(paid.entries[0].creations.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Driftwood Side Table', 'Lighthouse Desk Lamp']));
    expect(draft).toMatchObject({ month: lastMonth, program: 'select_artist', status: 'DRAFT', entries: [{ member: { UserName: 'Ari Artist' }, adjustments: [{ corrects_month: paid.month }] }] });
    expect(draft.entries[0].creations.map((c: { name: string }) => c.name)).toContain('Tidepool Bath Rug');
    const [ari] = await db.select({ id: members.id }).from(members).where(eq(members.email, 'artist@corner.test'));
    const mine = await server.gql('query { myPaymentStatements { data { month status amount_cents } } }', {}, { token: await server.tokenFor(ari!.id) });
    expect(mine.data!.myPaymentStatements.data).toEqual([{ month: paid.month, status: 'PAID', amount_cents: paid.total_cents }]);
    // Fern's exclusive creations of last month wait for the Featured artist list.
    const [fern] = await db.select({ id: members.id }).from(members).where(eq(members.email, 'featured@corner.test'));
    const fernsCreations = await db.select({ name: submissions.name, tsr_exclusive: submissions.tsr_exclusive, publish_at: submissions.publish_at }).from(submissions).where(eq(submissions.member_id, fern!.id));
    expect(fernsCreations.filter((c) => c.tsr_exclusive && monthOf(c.publish_at!) === lastMonth).map((c) => c.name).sort()).toEqual(['Fern Frond Wall Art', 'Moss Garden Bench']);
  });
});
