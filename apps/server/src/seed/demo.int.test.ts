import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { LEGACY_ITEM_STATUSES } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { silentLog, useTestServer } from '../test/server';
import { categories, legacyCategoryMappings, members, submissions } from '../db/schema/index';
import { inspectPendingFiles } from '../modules/game-file/inspection.service';
import { seedDemo } from './demo';
import { LEGACY_DEMO_ITEMS, prepareLegacyDemo } from './legacy';

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
});
