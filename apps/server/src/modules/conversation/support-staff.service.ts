import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { SUPPORT_STAFF_PAGE_SIZE } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { members, supportStaff } from '../../db/schema/index';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import { conversationError } from './conversation.errors';
import { checkMailbox } from './conversation-read.service';

// The support staff: members whose e-mail is on the support-staff list, the only ones a conversation
// is assigned to.

/** A member a conversation may be assigned to: not deleted, with an e-mail on the support-staff list. */
export async function supportStaffMember(db: DbOrTx, memberId: number): Promise<{ id: number; username: string }> {
  const [member] = await db
    .select({ id: members.id, username: members.username, staff: supportStaff.email })
    .from(members)
    .leftJoin(supportStaff, sql`lower(${supportStaff.email}) = lower(${members.email})`)
    .where(and(eq(members.id, memberId), isNull(members.deleted_at)));
  if (!member) throw conversationError('CONVERSATION_MEMBER_NOT_FOUND', { id: memberId });
  if (!member.staff) throw conversationError('CONVERSATION_ASSIGNEE_NOT_STAFF', { name: member.username });
  return { id: member.id, username: member.username };
}

/**
 * Whether a member is support staff (SPEC 6: "Staff are identified for messages by matching their
 * email to a list of support staff"): only they write staff replies and are assigned conversations;
 * reading and managing messages stays behind the messages page permission.
 */
export async function isSupportStaff(db: DbOrTx, memberId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(supportStaff, sql`lower(${supportStaff.email}) = lower(${members.email})`)
    .where(and(eq(members.id, memberId), isNull(members.deleted_at)));
  return found !== undefined;
}

/** Members whose e-mail is on the support-staff list, by name, SUPPORT_STAFF_PAGE_SIZE a page. */
export async function listSupportStaff(
  ctx: Context,
  input: { first?: number | null; page?: number | null; mailbox?: string | null },
): Promise<Page<{ id: number; username: string }>> {
  checkMailbox(input.mailbox);
  const { perPage, currentPage, limit, offset } = pageWindow(input.first ?? SUPPORT_STAFF_PAGE_SIZE, input.page);
  const where = and(isNull(members.deleted_at), sql`exists (select 1 from ${supportStaff} where lower(${supportStaff.email}) = lower(${members.email}))`);
  const [data, [count]] = await Promise.all([
    ctx.db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(where)
      .orderBy(sql`lower(${members.username})`, asc(members.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(members).where(where),
  ]);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}
