import crypto from 'node:crypto';
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
 * sign in through `server.tokenFor(id)` otherwise.
 */
export async function buildMember(
  db: Db,
  options: { roles?: string[]; password?: string; email?: string; username?: string } = {},
): Promise<BuiltMember> {
  sequence += 1;
  const tag = `${sequence}-${crypto.randomBytes(3).toString('hex')}`;
  const email = options.email ?? `member-${tag}@corner.test`;
  const username = options.username ?? `Member ${tag}`;
  const id = await createMember(db, { email, username, password: options.password ?? null, roles: options.roles ?? [] });
  return { id, email, username, password: options.password ?? null };
}

export interface SubmissionOptions {
  status?: import('@corner/domain').SubmissionStatus;
  name?: string;
  publish_at?: Date | null;
  deleted_at?: Date | null;
}

/** A creation of kind "mod" (the kind with no fields of its own) owned by `memberId`. */
export async function buildSubmission(db: Db, memberId: number, options: SubmissionOptions = {}): Promise<number> {
  const { mods, submissions } = await import('../db/schema/index');
  const [mod] = await db.insert(mods).values({}).returning({ id: mods.id });
  const [row] = await db
    .insert(submissions)
    .values({
      member_id: memberId,
      model_type: 'mod',
      model_id: mod!.id,
      name: options.name ?? 'A test creation',
      description: 'A creation built by the test factories.',
      status: options.status ?? 'CREATED',
      publish_at: options.publish_at ?? null,
      deleted_at: options.deleted_at ?? null,
    })
    .returning({ id: submissions.id });
  return row!.id;
}
