import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { hasPermission } from '@corner/domain';
import type { Context } from '../context';
import { AuthorizationCode, refuse } from '../errors';
import type { StoredUpload } from '../storage/upload';
import { fieldCost } from './cost';

/**
 * The one policy mechanism: every query and mutation declares `authScopes` with one of these
 * scopes (see policy.ts). The authorization test walks the schema and fails on a field without one.
 */
export interface AuthScopes {
  /** Anybody, signed in or not. */
  public: boolean;
  /** Any signed-in member (the creator area). */
  signedIn: boolean;
  /** Holding any one of these permissions. */
  permission: string | readonly string[];
}

export const builder = new SchemaBuilder<{
  Context: Context;
  AuthScopes: AuthScopes;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    Upload: { Input: StoredUpload; Output: never };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  // Fields carry their cost; the whole operation is priced once, before it runs, by the operation
  // limits (http/operation-limits.ts), not field by field here.
  complexity: { disabled: true, fieldComplexity: fieldCost as never },
  scopeAuth: {
    authScopes: (ctx) => ({
      public: true,
      signedIn: ctx.auth.member !== null,
      permission: (required) => ctx.auth.member !== null && hasPermission(ctx.auth.permissions, required),
    }),
    unauthorizedError: (_parent, ctx) => refuse(ctx.auth, AuthorizationCode.FORBIDDEN),
  },
});

builder.queryType({});
builder.mutationType({});
