import { ADMIN_ACCESS, pagePermission, type PageName } from '@corner/domain';
import type { AuthScopes } from './builder';

/**
 * Named policies for `authScopes`. Reading a page's data needs its view or edit permission;
 * changing it needs edit (DESIGN section 5).
 */
export const policy = {
  public: { public: true },
  signedIn: { signedIn: true },
  adminAccess: { permission: ADMIN_ACCESS },
  view: (...pages: PageName[]) => ({
    permission: pages.flatMap((p) => [pagePermission(p, 'view'), pagePermission(p, 'edit')]),
  }),
  edit: (...pages: PageName[]) => ({ permission: pages.map((p) => pagePermission(p, 'edit')) }),
} satisfies Record<string, Partial<AuthScopes> | ((...pages: PageName[]) => Partial<AuthScopes>)>;
