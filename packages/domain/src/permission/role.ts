import { ADMIN_ACCESS, ALL_PERMISSIONS, pagePermissions, type PageName, type PermissionHolder } from './permission';

/** The visual theme of the shell, chosen from the member's roles (SPEC section 6). */
export type Theme = 'admin' | 'socialMedia' | 'sa' | 'fa' | 'submissions' | 'creator';

const ROLE_THEMES: Record<string, Theme> = {
  superuser: 'admin',
  'staff management': 'admin',
  'artist management': 'admin',
  admin: 'admin',
  'content manager': 'socialMedia',
  'select artist': 'sa',
  'featured artist': 'fa',
  submissions: 'submissions',
};

/** Themes in priority order: a member with several roles gets the first that applies. */
const THEME_PRIORITY: readonly Theme[] = ['admin', 'submissions', 'socialMedia', 'sa', 'fa'];

/** The theme a role name maps to, case-insensitively; unknown roles map to none. */
export function themeForRole(roleName: string): Theme | null {
  return ROLE_THEMES[roleName.toLowerCase()] ?? null;
}

/** The theme for a member: the highest-priority theme among their roles, else "creator". */
export function themeForMember(holder: PermissionHolder | null | undefined): Theme {
  const themes = new Set((holder?.roles ?? []).map((r) => themeForRole(r.name)));
  return THEME_PRIORITY.find((t) => themes.has(t)) ?? 'creator';
}

function pages(...names: PageName[]): string[] {
  return names.flatMap((n) => pagePermissions(n));
}

/** The staff pages a Submissions member works in (DESIGN section 5). */
const SUBMISSIONS_PAGES = pages(
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
);

/** The roles seeded into every database, with the permissions DESIGN section 5 gives them. */
export const SEEDED_ROLES: readonly { name: string; permissions: readonly string[] }[] = [
  { name: 'Superuser', permissions: ALL_PERMISSIONS },
  { name: 'Admin', permissions: ALL_PERMISSIONS },
  { name: 'Submissions', permissions: [ADMIN_ACCESS, ...SUBMISSIONS_PAGES] },
  { name: 'Content manager', permissions: [ADMIN_ACCESS, ...pages('published', 'featured')] },
  { name: 'Select artist', permissions: pages('migrate-submission') },
  { name: 'Featured artist', permissions: pages('migrate-submission') },
];
