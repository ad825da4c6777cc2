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
