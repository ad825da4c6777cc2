import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { TAG_USER_READ } from '@corner/domain';
import type { DbOrTx } from '../db/client';
import { conversationCustomFields, conversations, conversationTags, conversationThreads, members, submissions } from '../db/schema/index';

const HOUR = 3_600_000;

interface DemoThread {
  type: 'customer' | 'message' | 'note';
  by: 'creator' | 'staff';
  text: string;
  hoursAgo: number;
}

interface DemoConversation {
  subject: string;
  status: 'active' | 'pending' | 'closed';
  read: boolean;
  assigned: boolean;
  linked: boolean;
  threads: DemoThread[];
}

/** Cora's messages with staff: one answered and read, one answered and unread, one with a staff note. */
const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    subject: 'How long does a review take?',
    status: 'pending',
    read: true,
    assigned: false,
    linked: false,
    threads: [
      { type: 'customer', by: 'creator', text: 'Hi! I submitted my first creation yesterday. How long does a review usually take?', hoursAgo: 72 },
      { type: 'message', by: 'staff', text: 'Welcome! Most creations are reviewed within three working days. You will get a notification as soon as it is decided.', hoursAgo: 70 },
    ],
  },
  {
    subject: 'The texture looks purple in the game',
    status: 'pending',
    read: false,
    assigned: true,
    linked: true,
    threads: [
      { type: 'customer', by: 'creator', text: 'My creation shows a purple texture in the game, but it looks fine in the editor. What could it be?', hoursAgo: 30 },
      { type: 'message', by: 'staff', text: 'That usually means a missing texture in the package. Could you re-export it with the textures included and upload the new file?', hoursAgo: 5 },
    ],
  },
  {
    subject: 'May I upload a pack of several items?',
    status: 'active',
    read: true,
    assigned: false,
    linked: false,
    threads: [
      { type: 'customer', by: 'creator', text: 'I made six matching chairs. Should I upload them as one set or six creations?', hoursAgo: 3 },
      { type: 'note', by: 'staff', text: 'Internal: she asked about sets before; point her to the set guide when answering.', hoursAgo: 2 },
    ],
  },
];

/** Demo conversations between the demo creator and staff, so the messages pages show something. */
export async function seedDemoConversations(db: DbOrTx, now = new Date()): Promise<void> {
  const byEmail = async (email: string) => (await db.select({ id: members.id }).from(members).where(sql`lower(${members.email}) = ${email}`))[0]?.id;
  const creator = await byEmail('creator@corner.test');
  const staff = await byEmail('staff@corner.test');
  if (!creator || !staff) return;
  const [creation] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.member_id, creator), ne(submissions.model_type, 'set_item')))
    .orderBy(asc(submissions.id))
    .limit(1);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  for (const demo of DEMO_CONVERSATIONS) {
    const visible = demo.threads.filter((t) => t.type !== 'note');
    const submissionId = demo.linked && creation ? creation.id : null;
    const [row] = await db
      .insert(conversations)
      .values({
        subject: demo.subject,
        status: demo.status,
        member_id: creator,
        assignee_id: demo.assigned ? staff : null,
        submission_id: submissionId,
        created_at: at(demo.threads[0]!.hoursAgo),
        last_activity_at: at(visible.at(-1)!.hoursAgo),
      })
      .returning({ id: conversations.id });
    await db.insert(conversationThreads).values(
      demo.threads.map((t) => ({ conversation_id: row!.id, type: t.type, text: t.text, member_id: t.by === 'creator' ? creator : staff, created_at: at(t.hoursAgo) })),
    );
    if (submissionId !== null) await db.insert(conversationCustomFields).values({ conversation_id: row!.id, name: 'submission_id', value: String(submissionId) });
    if (demo.read) await db.insert(conversationTags).values({ conversation_id: row!.id, tag: TAG_USER_READ });
  }
}
