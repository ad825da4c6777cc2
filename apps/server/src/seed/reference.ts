import { and, eq, inArray, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, SEEDED_ROLES } from '@corner/domain';
import type { DbOrTx } from '../db/client';
import { attributeTypes, permissions, rolePermissions, roles } from '../db/schema/index';

/** Attribute types; 8 is tags (SPEC section 5). */
export const ATTRIBUTE_TYPES = [
  { id: 1, name: 'Color' },
  { id: 2, name: 'Age' },
  { id: 3, name: 'Gender' },
  { id: 8, name: 'Tags' },
] as const;

/**
 * Reference data every database needs: permissions, the seeded roles and attribute types. Runs on
 * every start and only adds what is missing, so staff changes to roles survive an upgrade; the
 * roles that hold every permission (Superuser, Admin) also receive permissions added later.
 */
export async function seedReference(db: DbOrTx): Promise<void> {
  await db
    .insert(permissions)
    .values(ALL_PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db.insert(attributeTypes).values([...ATTRIBUTE_TYPES]).onConflictDoNothing();
  const permissionRows = await db.select().from(permissions);
  const idOf = new Map(permissionRows.map((p) => [p.name, p.id]));
  for (const role of SEEDED_ROLES) {
    const inserted = await db.insert(roles).values({ name: role.name }).onConflictDoNothing().returning({ id: roles.id });
    const holdsAll = role.permissions.length === ALL_PERMISSIONS.length;
    if (inserted.length === 0 && !holdsAll) continue;
    const [row] = inserted.length ? inserted : await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role.name));
    if (!row) continue;
    await db
      .insert(rolePermissions)
      .values(role.permissions.map((name) => ({ role_id: row.id, permission_id: idOf.get(name)! })))
      .onConflictDoNothing();
  }
}

/** The permissions a role holds now, by name (tests and the member CLI). */
export async function rolePermissionNames(db: DbOrTx, roleName: string): Promise<string[]> {
  const found = await db
    .select({ name: permissions.name })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(and(sql`lower(${roles.name}) = ${roleName.toLowerCase()}`, inArray(permissions.name, [...ALL_PERMISSIONS])));
  return found.map((r) => r.name);
}
