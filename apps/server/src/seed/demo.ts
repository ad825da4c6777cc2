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
  { email: 'admin@corner.test', username: 'Ada Admin', roles: ['Admin'], what: 'Admin: every page and action', tryThis: 'the search index, payments lists and the older system’s archive' },
  { email: 'staff@corner.test', username: 'Sam Staff', roles: ['Submissions'], what: 'Submissions: the review queues', tryThis: 'open Awaiting approval, test a creation, approve one with a date or reject one with reasons' },
  { email: 'tester@corner.test', username: 'Tess Tester', roles: ['Submissions'], what: 'Submissions: a second reviewer, for testing', tryThis: 'open a creation Sam is reviewing and see who holds it' },
  { email: 'manager@corner.test', username: 'Max Manager', roles: ['Content manager'], what: 'Content manager: published and featured', tryThis: 'make a featured list of published creations' },
  { email: 'artist@corner.test', username: 'Ari Artist', roles: ['Select artist'], what: 'Select artist: a creator who may migrate', tryThis: 'migrate an old item, give a creation early access, read your payment statements' },
  { email: 'creator@corner.test', username: 'Cora Creator', roles: [], what: 'A creator with no role', tryThis: 'upload a creation, take it through the five steps and submit it; message staff' },
  { email: 'featured@corner.test', username: 'Fern Featured', roles: ['Featured artist'], what: 'Featured artist: a creator paid for exclusive creations', tryThis: 'see your statement on the home page once Admin generates, approves and pays last month’s Featured artist list (two of your creations are on it)' },
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
