/**
 * Permissions are plain strings (SPEC section 6): `submissions:page-{name}:view|edit` and
 * `submissions:admin-access:enabled`. The special value "all" always passes a check.
 */

/** Every page whose permission gates a route, menu entry or operation. */
export const PAGE_NAMES = [
  'created',
  'waiting',
  'testing',
  'approved',
  'published',
  'failed-testing',
  'rejected',
  'reported',
  'updated',
  'file-management',
  'messages',
  'payments',
  'elastic-search',
  'submission-migration',
  'featured',
  'migrate-submission',
] as const;

export type PageName = (typeof PAGE_NAMES)[number];
export type PageAccess = 'view' | 'edit';

export const ADMIN_ACCESS = 'submissions:admin-access:enabled';
export const ALL = 'all';

/** The permission string of a page, e.g. `submissions:page-waiting:edit`. */
export function pagePermission(page: PageName, access: PageAccess): string {
  return `submissions:page-${page}:${access}`;
}

/** Both permissions of a page: holding either one shows its menu entry. */
export function pagePermissions(page: PageName): [string, string] {
  return [pagePermission(page, 'edit'), pagePermission(page, 'view')];
}

/** Every permission the product knows, in a stable order. */
export const ALL_PERMISSIONS: readonly string[] = [
  ADMIN_ACCESS,
  ...PAGE_NAMES.flatMap((page) => [pagePermission(page, 'view'), pagePermission(page, 'edit')]),
];

/** What a permission check needs to know about the signed-in member. */
export interface PermissionHolder {
  roles: readonly { name: string; permissions: readonly { name: string }[] }[];
}

/** The set of permission names a member holds through all roles. */
export function permissionSet(holder: PermissionHolder | null | undefined): Set<string> {
  const names = new Set<string>();
  for (const role of holder?.roles ?? []) for (const p of role.permissions) names.add(p.name);
  return names;
}

/**
 * Any-match permission check: `required` is one name or a list, and holding any one passes.
 * The value "all" passes whatever the member holds, on either side (required or held).
 */
export function hasPermission(
  holder: PermissionHolder | Set<string> | null | undefined,
  required: string | readonly string[],
): boolean {
  const wanted = typeof required === 'string' ? [required] : required;
  if (wanted.includes(ALL)) return true;
  const held = holder instanceof Set ? holder : permissionSet(holder);
  if (held.has(ALL)) return true;
  return wanted.some((name) => held.has(name));
}

/** Case-insensitive role check by name; one name or a list, any match passes; "all" passes. */
export function hasRole(
  holder: PermissionHolder | null | undefined,
  required: string | readonly string[],
): boolean {
  const wanted = (typeof required === 'string' ? [required] : required).map((r) => r.toLowerCase());
  if (wanted.includes(ALL)) return true;
  return (holder?.roles ?? []).some((role) => wanted.includes(role.name.toLowerCase()));
}
