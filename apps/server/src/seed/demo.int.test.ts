import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { silentLog, useTestServer } from '../test/server';
import { members, submissions } from '../db/schema/index';
import { inspectPendingFiles } from '../modules/game-file/inspection.service';
import { seedDemo } from './demo';

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
});
