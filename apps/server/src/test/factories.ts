import crypto from 'node:crypto';
import type { ConversationStatus, ThreadType } from '@corner/domain';
import type { Db } from '../db/client';
import { createMember } from '../modules/member/member.service';

let sequence = 0;

export interface BuiltMember {
  id: number;
  email: string;
  username: string;
  password: string | null;
}

/**
 * A member with a unique e-mail. A password costs an argon2 hash, so it is only set when asked for;
 * sign in through `server.tokenFor(id)` otherwise. `supportStaff` puts the e-mail on the
 * support-staff list (conversations may be assigned to them).
 */
export async function buildMember(
  db: Db,
  options: { roles?: string[]; password?: string; email?: string; username?: string; supportStaff?: boolean } = {},
): Promise<BuiltMember> {
  sequence += 1;
  const tag = `${sequence}-${crypto.randomBytes(3).toString('hex')}`;
  const email = options.email ?? `member-${tag}@corner.test`;
  const username = options.username ?? `Member ${tag}`;
  const id = await createMember(db, { email, username, password: options.password ?? null, roles: options.roles ?? [] });
  if (options.supportStaff) {
    const { supportStaff } = await import('../db/schema/index');
    await db.insert(supportStaff).values({ email });
  }
  return { id, email, username, password: options.password ?? null };
}

export interface SubmissionOptions {
  status?: import('@corner/domain').SubmissionStatus;
  name?: string;
  publish_at?: Date | null;
  deleted_at?: Date | null;
  /** Its kind (a row of that kind's table is made); "mod" when left out. */
  kind?: 'item' | 'set' | 'lot' | 'room' | 'sim' | 'mod';
  tsr_exclusive?: boolean | null;
}

/** A creation owned by `memberId`, of kind "mod" (the kind with no fields of its own) unless `kind` says. */
export async function buildSubmission(db: Db, memberId: number, options: SubmissionOptions = {}): Promise<number> {
  const { lots, mods, newItems, rooms, sets, sims, submissions } = await import('../db/schema/index');
  const kind = options.kind ?? 'mod';
  const table = { item: newItems, set: sets, lot: lots, room: rooms, sim: sims, mod: mods }[kind];
  const [model] = await db.insert(table).values({}).returning({ id: table.id });
  const [row] = await db
    .insert(submissions)
    .values({
      member_id: memberId,
      model_type: kind,
      model_id: model!.id,
      name: options.name ?? 'A test creation',
      description: 'A creation built by the test factories.',
      status: options.status ?? 'CREATED',
      publish_at: options.publish_at ?? null,
      deleted_at: options.deleted_at ?? null,
      tsr_exclusive: options.tsr_exclusive ?? null,
    })
    .returning({ id: submissions.id });
  return row!.id;
}

/**
 * A creator's statement on a payment list of `month` ("YYYY-MM") and program select_artist in
 * `status`, without creations: for reads and refusals. The month must be one no other test uses.
 */
export async function buildPaymentStatement(db: Db, memberId: number, options: { month: string; status?: 'DRAFT' | 'APPROVED' | 'PAID' }): Promise<{ listId: number; entryId: number }> {
  const { paymentListEntries, paymentLists } = await import('../db/schema/index');
  const { monthsBefore } = await import('@corner/domain');
  const status = options.status ?? 'APPROVED';
  const paid = status === 'PAID' ? { payment_reference: 'TEST-REF', paid_on: `${monthsBefore(options.month, -1)}-05` } : {};
  const [list] = await db.insert(paymentLists).values({ month: `${options.month}-01`, program: 'select_artist', status, ...paid }).returning({ id: paymentLists.id });
  const [entry] = await db.insert(paymentListEntries).values({ payment_list_id: list!.id, member_id: memberId }).returning({ id: paymentListEntries.id });
  return { listId: list!.id, entryId: entry!.id };
}

/**
 * A role holding exactly `permissions` (names from the domain), for callers the seeded roles do not
 * give (a file manager who is no reviewer, say). Returns its name, to pass to `buildMember`.
 */
export async function buildRole(db: Db, name: string, permissionNames: readonly string[]): Promise<string> {
  const { inArray } = await import('drizzle-orm');
  const { permissions, rolePermissions, roles } = await import('../db/schema/index');
  const [role] = await db.insert(roles).values({ name }).returning({ id: roles.id });
  const found = permissionNames.length ? await db.select().from(permissions).where(inArray(permissions.name, [...permissionNames])) : [];
  if (found.length !== permissionNames.length) throw new Error(`Unknown permission among ${permissionNames.join(', ')}.`);
  if (found.length) await db.insert(rolePermissions).values(found.map((p) => ({ role_id: role!.id, permission_id: p.id })));
  return name;
}

export interface SubmissionFileOptions {
  filename?: string;
  /** What its first bytes say it is (sims4-package when left out). */
  kind?: string;
  /** The sha256 of each version, oldest first (random ones when left out); the last is the current content. */
  versions?: string[];
  published_version?: number | null;
  deleted_at?: Date | null;
  updated_at?: Date;
}

/**
 * A file row of a creation with its version rows, owned by the creation's owner. Its content is not
 * stored: for listing and searching, not for downloading (upload through the API for that).
 */
export async function buildSubmissionFile(db: Db, submissionId: number, options: SubmissionFileOptions = {}): Promise<number> {
  const { eq } = await import('drizzle-orm');
  const { fileVersions, files, submissions } = await import('../db/schema/index');
  const { blobKey } = await import('../storage/index');
  const [s] = await db.select({ member_id: submissions.member_id }).from(submissions).where(eq(submissions.id, submissionId));
  const hashes = options.versions ?? [crypto.randomBytes(32).toString('hex')];
  const filename = options.filename ?? 'chair.package';
  const content = (sha256: string) => ({ filename, filesize: 100, mimetype: 'application/octet-stream', sha256, storage_key: blobKey(sha256) });
  const [row] = await db
    .insert(files)
    .values({
      submission_id: submissionId,
      member_id: s!.member_id,
      kind: options.kind ?? 'sims4-package',
      version: hashes.length,
      published_version: options.published_version ?? null,
      deleted_at: options.deleted_at ?? null,
      ...(options.updated_at ? { updated_at: options.updated_at } : {}),
      ...content(hashes.at(-1)!),
    })
    .returning({ id: files.id });
  await db.insert(fileVersions).values(hashes.map((sha256, i) => ({ file_id: row!.id, version: i + 1, member_id: s!.member_id, ...content(sha256) })));
  return row!.id;
}

/**
 * The files a creation of `kind` needs to pass the automatic file checks (issue 15): a lot's,
 * room's or household's tray files, or one Sims 4 package. Not read by the inspection job (their
 * content is not stored), so the checks that read contents stay pending, which does not block.
 */
export async function buildSubmittableFiles(db: Db, submissionId: number, kind: string): Promise<void> {
  const trayFiles: Record<string, [string, string][]> = {
    lot: [['tray-item', 'home.trayitem'], ['blueprint', 'home.blueprint'], ['tray-image', 'home.bpi']],
    room: [['tray-item', 'den.trayitem'], ['room', 'den.room'], ['tray-image', 'den.rmi']],
    sim: [['tray-item', 'family.trayitem'], ['household-binary', 'family.householdbinary'], ['tray-image', 'family.hhi'], ['tray-image', 'family.sgi']],
  };
  for (const [fileKind, filename] of trayFiles[kind] ?? [['sims4-package', 'chair.package']]) await buildSubmissionFile(db, submissionId, { kind: fileKind, filename });
}

/** A live image of a creation, of a size the picture check passes (its content is not stored: for listing, not for serving). */
export async function buildImage(db: Db, submissionId: number, options: { ord?: number } = {}): Promise<number> {
  const { eq } = await import('drizzle-orm');
  const { images, submissions } = await import('../db/schema/index');
  const { blobKey } = await import('../storage/index');
  const [s] = await db.select({ member_id: submissions.member_id }).from(submissions).where(eq(submissions.id, submissionId));
  const sha256 = crypto.randomBytes(32).toString('hex');
  const [row] = await db
    .insert(images)
    .values({ submission_id: submissionId, member_id: s!.member_id, ord: options.ord ?? 0, filename: 'picture.png', mimetype: 'image/png', filesize: 100, width: 1024, height: 768, sha256, storage_key: blobKey(sha256) })
    .returning({ id: images.id });
  return row!.id;
}

/** A test of a creation: open unless a status (and result) is given. */
export async function buildTest(
  db: Db,
  submissionId: number,
  options: { status?: 'OPEN' | 'IN_PROGRESS' | 'DONE' | 'CLEARED'; test_result?: 'PASSED' | 'FAILED' | null; tester_id?: number | null } = {},
): Promise<number> {
  const { tests } = await import('../db/schema/index');
  const [row] = await db
    .insert(tests)
    .values({ submission_id: submissionId, status: options.status ?? 'OPEN', test_result: options.test_result ?? null, tester_id: options.tester_id ?? null })
    .returning({ id: tests.id });
  return row!.id;
}

/** A live report of a creation by `memberId`. */
export async function buildReport(db: Db, submissionId: number, memberId: number | null, options: { type?: string } = {}): Promise<number> {
  const { reports } = await import('../db/schema/index');
  const [row] = await db.insert(reports).values({ submission_id: submissionId, member_id: memberId, type: options.type ?? 'broken' }).returning({ id: reports.id });
  return row!.id;
}

/** A pending update request of a creation from its creator. */
export async function buildUpdateRequest(db: Db, submissionId: number, memberId: number, options: { message?: string } = {}): Promise<number> {
  const { updateRequests } = await import('../db/schema/index');
  const [row] = await db
    .insert(updateRequests)
    .values({ submission_id: submissionId, member_id: memberId, message: options.message ?? 'A newer version of the files.' })
    .returning({ id: updateRequests.id });
  return row!.id;
}

export interface ConversationOptions {
  subject?: string;
  status?: ConversationStatus;
  submission_id?: number | null;
  /** Tags it carries: user-read, user-deleted, staff tags. */
  tags?: string[];
}

/** A conversation of `memberId` in the submissions mailbox, with no thread yet (see buildConversationThread). */
export async function buildConversation(db: Db, memberId: number, options: ConversationOptions = {}): Promise<number> {
  const { conversations, conversationTags } = await import('../db/schema/index');
  const [row] = await db
    .insert(conversations)
    .values({ subject: options.subject ?? 'A test conversation', member_id: memberId, status: options.status ?? 'active', submission_id: options.submission_id ?? null })
    .returning({ id: conversations.id });
  if (options.tags?.length) await db.insert(conversationTags).values(options.tags.map((tag) => ({ conversation_id: row!.id, tag })));
  return row!.id;
}

export interface ConversationThreadOptions {
  type?: ThreadType;
  text?: string;
  /** An attachment whose content is stored under `storage_key` (a one-byte text file unless said otherwise). */
  attachment?: { storage_key: string; filename?: string; mimetype?: string; filesize?: number };
}

/**
 * A thread of a conversation written by `memberId` (a creator's message unless `type` says otherwise).
 * It leaves the conversation's last activity as it was.
 */
export async function buildConversationThread(db: Db, conversationId: number, memberId: number | null, options: ConversationThreadOptions = {}): Promise<number> {
  const { conversationAttachments, conversationThreads } = await import('../db/schema/index');
  const [row] = await db
    .insert(conversationThreads)
    .values({ conversation_id: conversationId, type: options.type ?? 'customer', text: options.text ?? 'A test message.', member_id: memberId })
    .returning({ id: conversationThreads.id });
  const a = options.attachment;
  if (a) {
    await db
      .insert(conversationAttachments)
      .values({ thread_id: row!.id, filename: a.filename ?? 'a.txt', mimetype: a.mimetype ?? 'text/plain', filesize: a.filesize ?? 1, storage_key: a.storage_key });
  }
  return row!.id;
}
