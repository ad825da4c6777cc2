import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { rows } from '../../db/rows';

/** A session token or login key as stored: its SHA-256 (the token itself is never kept). */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The signed-in member with roles and permissions, as every request sees them. */
export interface AuthMember {
  id: number;
  username: string;
  email: string;
  minisite_level: number | null;
  roles: { id: number; name: string; permissions: { id: number; name: string }[] }[];
}

export interface SessionRow extends AuthMember {
  session_id: number;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Roles and permissions of the member `m`, as JSON (a column of the queries below). */
const ROLES_OF_MEMBER = sql`coalesce((
             select json_agg(json_build_object(
               'id', r.id, 'name', r.name,
               'permissions', coalesce((
                 select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.id)
                 from role_permissions rp join permissions p on p.id = rp.permission_id
                 where rp.role_id = r.id), '[]'::json)
             ) order by r.id)
             from member_roles mr join roles r on r.id = mr.role_id
             where mr.member_id = m.id), '[]'::json)`;

/**
 * One query per request: the session behind a token hash, its member, roles and permissions.
 * Prepared on the PostgreSQL server (planning it took longer than running it). The benchmark's
 * bare route runs this same function, so GraphQL's overhead is measured alone.
 */
export async function loadSession(db: DbOrTx, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await preparedRows<SessionRow, { tokenHash: string }>(
    db,
    'loadSession',
    { tokenHash },
    (values) => sql`
    select s.id as session_id, s.expires_at, s.revoked_at,
           m.id, m.username, m.email, m.minisite_level,
           ${ROLES_OF_MEMBER} as roles
    from sessions s join members m on m.id = s.member_id
    where s.token_hash = ${values.tokenHash} and m.deleted_at is null`,
  );
  if (!row) return null;
  return { ...row, expires_at: new Date(row.expires_at), revoked_at: row.revoked_at ? new Date(row.revoked_at) : null };
}

/** A member with roles and permissions as they are now, without a session (background jobs acting for them). */
export async function loadAuthMember(db: DbOrTx, memberId: number): Promise<AuthMember | null> {
  const [row] = await rows<AuthMember>(
    db,
    sql`
    select m.id, m.username, m.email, m.minisite_level, ${ROLES_OF_MEMBER} as roles
    from members m
    where m.id = ${memberId} and m.deleted_at is null`,
  );
  return row ?? null;
}
