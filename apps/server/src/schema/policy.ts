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

/** Kinds of owned resources an operation may act on (the authorization walk builds one of each). */
export type OwnedKind = 'submission' | 'image' | 'file' | 'hotspot' | 'objectGuid' | 'gameItem' | 'setItem' | 'zipBundle' | 'conversation';

export interface OwnedDeclaration {
  [key: string]: unknown;
  owned: {
    /** The argument that names the resource. */
    arg: string;
    kind: OwnedKind;
    /** Permissions that let someone other than the owner through (staff). */
    staff: readonly string[];
  };
}

/**
 * Declares, in a field's `extensions`, that the operation acts on a resource owned by a creator:
 * the service refuses other creators (NOT_OWNER). The authorization walk calls such operations with
 * the owner's resource as another creator and expects a refusal.
 */
export function owned(kind: OwnedKind, arg: string, staff: readonly string[]): OwnedDeclaration {
  return { owned: { arg, kind, staff } };
}
