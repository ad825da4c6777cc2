import { count } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { members, supportStaff } from '../db/schema/index';
import { createMember } from '../modules/member/member.service';
import { markUnindexed } from '../modules/search/search.service';
import { seedDemoConversations } from './conversations';
import { seedDemoCreations } from './creations';
import { seedDemoPayments } from './payments';
import { seedQueueHistory } from './queue-history';
import { seedLegacyDemo } from './legacy';
import type { Storage } from '../storage/index';

export const DEMO_PASSWORD = 'corner-demo';

/** The demo sign-ins the README lists: one member per role, and a plain creator. */
export const DEMO_MEMBERS = [
  { email: 'admin@corner.test', username: 'Ada Admin', roles: ['Admin'], what: 'Admin: every page and action' },
  { email: 'staff@corner.test', username: 'Sam Staff', roles: ['Submissions'], what: 'Submissions: the review queues' },
  { email: 'tester@corner.test', username: 'Tess Tester', roles: ['Submissions'], what: 'Submissions: a second reviewer, for testing' },
  { email: 'manager@corner.test', username: 'Max Manager', roles: ['Content manager'], what: 'Content manager: published and featured' },
  { email: 'artist@corner.test', username: 'Ari Artist', roles: ['Select artist'], what: 'Select artist: a creator who may migrate' },
  { email: 'creator@corner.test', username: 'Cora Creator', roles: [], what: 'A creator with no role' },
  { email: 'featured@corner.test', username: 'Fern Featured', roles: ['Featured artist'], what: 'Featured artist: a creator paid for exclusive creations' },
] as const;

/**
 * Demo members, the support-staff list, their creations (with generated pictures when a storage
 * is given), a few conversations with staff, and the older system's items in the `legacy` schema
 * (their pictures and downloads written to `legacy.filesDir` when given; `'none'` leaves the
 * schema empty). Only into a database with no members.
 */
export async function seedDemo(db: DbOrTx, storage?: Storage, options: { legacy?: 'none' | { filesDir: string | null } } = {}): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(members);
  if ((existing?.n ?? 0) > 0) return false;
  for (const m of DEMO_MEMBERS) {
    await createMember(db, { email: m.email, username: m.username, password: DEMO_PASSWORD, roles: [...m.roles] });
  }
  await db.insert(supportStaff).values([{ email: 'admin@corner.test' }, { email: 'staff@corner.test' }, { email: 'tester@corner.test' }]);
  await seedDemoCreations(db, storage);
  // Written without a log each: the search-index job writes them once marked.
  await markUnindexed(db);
  await seedQueueHistory(db);
  await seedDemoConversations(db);
  await seedDemoPayments(db);
  const legacy = options.legacy ?? { filesDir: null };
  if (legacy !== 'none') {
    const people = await db.select({ id: members.id, email: members.email }).from(members);
    await seedLegacyDemo(db, (email) => people.find((p) => p.email === email)!.id, legacy.filesDir);
  }
  return true;
}
