import { ilike, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { legacyItems, submissions } from '../../db/schema/index';
import { legacyItemWhere } from '../legacy/legacy-source.postgres';
import { createTestDatabase } from '../../test/database';
import { buildMember } from '../../test/factories';
import { MY_ITEMS_FIELDS, searchWhere, STAFF_ITEMS_FIELDS } from './submission.search';

/**
 * The free-text searches of SPEC 9 (a phrase anywhere in the name, the keywords or, for staff, the
 * creator's user name) can be answered from the trigram indexes of migration 0007. A test table is
 * small, so the planner would read it whole anyway; with sequential scans switched off, the plan
 * shows what the query is able to use. A change that makes the search unindexable (a function
 * around the column, a correlated subquery per row) brings the sequential scan back and fails here.
 */
let database: Database;
let ownerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  // Enough rows, spread over creators, statuses and words, for the planner's statistics to mean something.
  const creators = await Promise.all(Array.from({ length: 20 }, () => buildMember(database.db)));
  ownerId = creators[0]!.id;
  const ids = `array[${creators.map((c) => c.id).join(',')}]`;
  await database.exec(`
    insert into mods select from generate_series(1, 3000);
    insert into submissions (member_id, model_type, model_id, name, keywords, status)
      select (${ids})[1 + g % 20], 'mod', m.id, 'Creation ' || g || (array[' velvet chair', ' oak table', ' linen sofa'])[1 + g % 3],
             case when g % 3 = 0 then 'chair, velvet, ' || g end,
             (array['CREATED', 'SUBMITTED', 'APPROVED', 'APPROVED', 'APPROVED', 'REJECTED'])[1 + g % 6]
      from (select id, row_number() over (order by id) as g from mods) m;
    analyze submissions; analyze members;
    insert into legacy.members (id, username) select 90000 + g, 'Old creator ' || g from generate_series(1, 200) g;
    insert into legacy.items (id, member_id, title, game, status, publish_date, is_hidden)
      select g, 90001 + g % 200, 'Legacy ' || g || case when g % 300 = 0 then ' velvet chair' else (array[' oak table', ' linen sofa'])[1 + g % 2] end, 2 + g % 3,
             (array['published', 'published', 'published', 'pending', 'unpublished'])[1 + g % 5], now() - make_interval(days => g % 3000), g % 40 = 0
      from generate_series(1, 3000) g;
    analyze legacy.items; analyze legacy.members;
  `);
});
afterAll(async () => {
  await database.close();
});

async function planOf(where: SQL, table: typeof submissions | typeof legacyItems = submissions): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // Both drivers answer with `rows` (node-postgres and PGlite alike).
    const result = (await tx.execute(sql`explain ${tx.select({ id: table.id }).from(table).where(where)}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

const now = new Date();

describe('the free-text search plans', () => {
  it('finds a phrase in names and in keywords through their trigram indexes, in the form the search writes it', async () => {
    const name = await planOf(ilike(submissions.name, '%velvet chair%'));
    expect(name).toContain('Bitmap Index Scan on submissions_name_trgm_idx');
    const keywords = await planOf(ilike(submissions.keywords, '%velvet%'));
    expect(keywords).toContain('Bitmap Index Scan on submissions_keywords_trgm_idx');
  });

  it("finds legacy items (the embedded legacy source) by a phrase in the title through its trigram index, and by creator through the members' one", async () => {
    // The archive's title search, in the form the legacy source writes it.
    const title = await planOf(legacyItemWhere({ title: 'velvet' })!, legacyItems);
    expect(title).toContain('Bitmap Index Scan on legacy_items_title_trgm_idx');
    expect(title).not.toMatch(/Seq Scan on items/);
    // The content search dialog's legacy half: a phrase in the title or the creator's name. Both
    // trigram indexes, the creator's looked up once (an InitPlan, never once per item).
    const phrase = await planOf(legacyItemWhere({ phrase: 'velvet' })!, legacyItems);
    expect(phrase).toContain('Bitmap Index Scan on legacy_items_title_trgm_idx');
    expect(phrase).toContain('Bitmap Index Scan on legacy_members_username_trgm_idx');
    expect(phrase).toContain('InitPlan');
    expect(phrase).not.toMatch(/Seq Scan on items|SubPlan/);
    // With "live and not hidden" as the dialog asks, still no item is read by a sequential scan.
    const live = await planOf(legacyItemWhere({ phrase: 'velvet', published: true, isHidden: false })!, legacyItems);
    expect(live).not.toMatch(/Seq Scan on items|SubPlan/);
  });

  it("looks a creator's name up once, through its trigram index, never once per creation (staff search)", async () => {
    const plan = await planOf(searchWhere({ queue: 'published', search: 'velvet chair' }, { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now }));
    expect(plan).toContain('InitPlan');
    expect(plan).toContain('members_username_trgm_idx');
    expect(plan).not.toContain('SubPlan');
    expect(plan).not.toMatch(/Seq Scan on submissions/);
  });

  it('reads no creation twice over for a number (the id) or for a creator searching their own list', async () => {
    const byNumber = await planOf(searchWhere({ search: '4242' }, { fields: STAFF_ITEMS_FIELDS, searchCreator: true, now }));
    expect(byNumber).not.toMatch(/Seq Scan on submissions|SubPlan/);
    const own = await planOf(searchWhere({ queue: 'created', search: 'sofa' }, { fields: MY_ITEMS_FIELDS, ownerId, now }));
    expect(own).not.toMatch(/Seq Scan on submissions|SubPlan/);
  });
});
