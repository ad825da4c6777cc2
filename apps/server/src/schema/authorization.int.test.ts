import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isCompositeType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { hasPermission, SEEDED_ROLES } from '@corner/domain';
import { schema } from '../graphql-schema';
import type { AuthScopes } from './builder';
import { buildOwnedFixtures, type OwnedFixtures, type OwnedKind } from '../test/owned-fixtures';
import { buildMember } from '../test/factories';
import { useTestServer } from '../test/server';

/**
 * Walks EVERY query and mutation in the schema for every kind of caller, and checks that
 * (1) each operation declares a policy, and (2) the server enforces exactly that policy: callers
 * outside it get an "authorization" error, callers inside it never do. Operations added later are
 * covered automatically. An operation acting on a creator's resource is listed in OWNED below; the
 * walk then passes the owner's resource, and every caller who is neither the owner nor holds the
 * listed staff permissions must be refused (the services refuse with the modules' policies).
 */
const server = useTestServer();

/**
 * The operations that act on a resource a creator owns: which argument names it, and which staff
 * permissions let someone other than the owner through. This is the walk's expectation, written
 * here rather than beside the fields, where it looked like enforcement; the services enforce.
 */
const OWNED: Record<string, { kind: OwnedKind; arg: string; staff: readonly string[] }> = {
  addRequiredItem: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-waiting:edit'] },
  conversation: { kind: 'conversation', arg: 'id', staff: ['submissions:page-messages:view', 'submissions:page-messages:edit'] },
  createConversationReply: { kind: 'conversation', arg: 'conversation_id', staff: ['submissions:page-messages:edit'] },
  createGameItem: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-waiting:edit'] },
  createImageHotspot: { kind: 'image', arg: 'image_id', staff: ['submissions:page-waiting:edit'] },
  createObjectGuid: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-waiting:edit'] },
  createSetItem: { kind: 'submission', arg: 'set_id', staff: ['submissions:page-waiting:edit'] },
  createSubmissionFile: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-waiting:edit'] },
  createSubmissionImage: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-waiting:edit'] },
  createSubmissionUpdateRequest: { kind: 'submission', arg: 'submission_id', staff: [] },
  deleteGameItem: { kind: 'gameItem', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  deleteImageHotspot: { kind: 'hotspot', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  deleteObjectGuid: { kind: 'objectGuid', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateObjectGuid: { kind: 'objectGuid', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  deleteSubmission: { kind: 'submission', arg: 'id', staff: ['submissions:page-published:edit'] },
  deleteSubmissionFile: { kind: 'file', arg: 'id', staff: ['submissions:page-waiting:edit', 'submissions:page-file-management:edit'] },
  deleteSubmissionImage: { kind: 'image', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  file: { kind: 'file', arg: 'id', staff: ['submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  generateZipFileForSubmission: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  getEncryptedImage: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getRoomData: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getHHBinaryData: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getItemsFromHouseholdBinary: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getLotItemsFromBlueprint: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getLotItemsFromRoom: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getPackageDataFromUploadedFile: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getScriptData: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getPackageData: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getTrayMetaData: { kind: 'file', arg: 'fileId', staff: ['submissions:admin-access:enabled', 'submissions:page-file-management:view', 'submissions:page-file-management:edit'] },
  getRequiredItemsForSubmission: { kind: 'submission', arg: 'submission_id', staff: ['submissions:admin-access:enabled'] },
  getSubmissionReports: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-reported:view', 'submissions:page-reported:edit'] },
  item: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  lot: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  mod: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  newItem: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  paymentStatement: { kind: 'paymentStatement', arg: 'id', staff: ['submissions:page-payments:view', 'submissions:page-payments:edit'] },
  replaceSubmissionFile: { kind: 'file', arg: 'id', staff: ['submissions:page-waiting:edit', 'submissions:page-file-management:edit'] },
  restoreSubmission: { kind: 'submission', arg: 'id', staff: ['submissions:page-published:edit'] },
  restoreSubmissionFile: { kind: 'file', arg: 'id', staff: ['submissions:page-waiting:edit', 'submissions:page-file-management:edit'] },
  room: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  set: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  setImageOrder: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-waiting:edit'] },
  setItem: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  sim: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  submissionLogs: { kind: 'submission', arg: 'submission_id', staff: ['submissions:admin-access:enabled'] },
  submissionProperties: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  tagConversation: { kind: 'conversation', arg: 'id', staff: ['submissions:page-messages:edit'] },
  unzipSubmissionFile: { kind: 'file', arg: 'fileId', staff: ['submissions:page-waiting:edit'] },
  updateGameItem: { kind: 'gameItem', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateImageHotspot: { kind: 'hotspot', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateLot: { kind: 'submission', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateNewItem: { kind: 'submission', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateSet: { kind: 'submission', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateSetItem: { kind: 'submission', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateSubmissionFile: { kind: 'file', arg: 'id', staff: ['submissions:page-waiting:edit', 'submissions:page-file-management:edit'] },
  updateSubmissionFiles: { kind: 'submission', arg: 'submission_id', staff: ['submissions:page-waiting:edit', 'submissions:page-file-management:edit'] },
  updateSubmissionProperties: { kind: 'submission', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateSubmission: { kind: 'submission', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateSubmissionImage: { kind: 'image', arg: 'id', staff: ['submissions:page-waiting:edit'] },
  updateSubmissionStatus: { kind: 'submission', arg: 'id', staff: ['submissions:admin-access:enabled'] },
  zipBundle: { kind: 'zipBundle', arg: 'id', staff: ['submissions:admin-access:enabled'] },
};

interface Caller {
  name: string;
  memberId: number | null;
  permissions: Set<string>;
}
const callers: Caller[] = [];
let owner: Caller;
let other: Caller;
let fixtures: OwnedFixtures;
/** A real picture for operations that take an Upload (sent as a multipart request). */
let picture: Buffer;
const UPLOAD = Symbol('upload');

beforeAll(async () => {
  const db = server.database.db;
  callers.push({ name: 'anonymous', memberId: null, permissions: new Set() });
  owner = { name: 'creator (owner)', memberId: (await buildMember(db)).id, permissions: new Set() };
  other = { name: "another creator (someone else's data)", memberId: (await buildMember(db)).id, permissions: new Set() };
  callers.push(owner, other);
  fixtures = await buildOwnedFixtures(db, owner.memberId!);
  picture = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#88aacc' } }).png().toBuffer();
  for (const role of SEEDED_ROLES) {
    // On the support-staff list too: who speaks for the site in messages is that list's (SPEC 6), not a role's.
    const m = await buildMember(db, { roles: [role.name], supportStaff: true });
    callers.push({ name: `role ${role.name}`, memberId: m.id, permissions: new Set(role.permissions) });
  }
});

type Policy = Partial<AuthScopes>;
interface FieldPolicy {
  pothosOptions?: { authScopes?: Policy };
}
const operations = [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
  Object.values(root.getFields()).map((field) => {
    const options = (field.extensions as FieldPolicy).pothosOptions;
    return {
      root: root.name as 'Query' | 'Mutation',
      field,
      policy: options?.authScopes,
      owned: OWNED[field.name],
    };
  }),
);

function allowed(policy: Policy, caller: Caller): boolean {
  if (policy.public) return true;
  if (caller.memberId === null) return false;
  if (policy.signedIn) return true;
  if (policy.permission) return hasPermission(caller.permissions, policy.permission);
  return false;
}

/** A value for an argument that passes GraphQL validation; ids point at the owner's fixtures. */
function sampleValue(type: GraphQLInputType, name: string, op?: Operation): unknown {
  if (op?.owned && op.owned.arg === name) return fixtures[op.owned.kind];
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [sampleValue(inner.ofType as GraphQLInputType, name)];
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sampleValue(f.type, f.name)]),
    );
  }
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Int':
        return name === 'member_id' ? owner.memberId : 1;
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'DateTime':
        return new Date().toISOString();
      case 'JSON':
        return {};
      case 'Upload':
        return UPLOAD;
      default:
        return name === 'user' ? 'walk@corner.test' : 'walk';
    }
  }
  throw new Error(`No sample for argument ${name}`);
}

type Operation = (typeof operations)[number];

function document(op: Operation) {
  const { root, field } = op;
  const required = field.args.filter((a: GraphQLArgument) => isNonNullType(a.type));
  const vars = required.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  const keyword = root === 'Query' ? 'query' : 'mutation';
  return {
    query: `${keyword} Walk${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`,
    variables: Object.fromEntries(required.map((a) => [a.name, sampleValue(a.type, a.name, op)])),
  };
}

describe('authorization walk', () => {
  it('finds operations to walk', () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it.each(operations.map((o) => [`${o.root}.${o.field.name}`, o] as const))('%s declares a policy', (_name, op) => {
    expect(op.policy, `${op.root}.${op.field.name} has no authScopes`).toBeDefined();
    expect(Object.keys(op.policy!).length).toBeGreaterThan(0);
  });

  it.each(operations.map((o) => [`${o.root}.${o.field.name}`, o] as const))('%s answers exactly its policy', async (_name, op) => {
    // Fresh resources for each owned operation: an earlier one may have deleted them.
    if (op.owned) fixtures = await buildOwnedFixtures(server.database.db, owner.memberId!);
    const { query, variables } = document(op);
    const isAllowed = (caller: Caller) =>
      allowed(op.policy!, caller) && (!op.owned || caller === owner || hasPermission(caller.permissions, op.owned.staff));
    // Refused callers go first: an allowed caller may delete the fixture (a hotspot, a game item),
    // and a refused caller must be refused for who they are, not find nothing.
    const ordered = [...callers].sort((a, b) => Number(isAllowed(a)) - Number(isAllowed(b)));
    for (const caller of ordered) {
      const token = caller.memberId === null ? null : await server.tokenFor(caller.memberId);
      const uploads = Object.entries(variables).filter(([, v]) => v === UPLOAD);
      const res = uploads.length
        ? await server.upload(query, variables, Object.fromEntries(uploads.map(([k]) => [`variables.${k}`, { name: 'walk.png', content: picture }])), { token })
        : await server.gql(query, variables, { token });
      const invalid = (res.errors ?? []).filter((e) => e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' || /Cannot query|must have a selection|Expected type|Variable/.test(e.message));
      expect(invalid, `the walk's own query for ${op.field.name} must be valid`).toEqual([]);
      const authErrors = (res.errors ?? []).filter((e) => e.extensions?.category === 'authorization');
      if (isAllowed(caller)) {
        expect(authErrors, `${caller.name} must be allowed ${op.field.name}: ${JSON.stringify(authErrors)}`).toEqual([]);
      } else {
        expect(authErrors.length, `${caller.name} must be refused ${op.field.name}`).toBeGreaterThan(0);
        expect(authErrors[0]!.extensions!.reason).toEqual(expect.any(String));
        expect((res.data as Record<string, unknown> | null)?.[op.field.name] ?? null).toBeNull();
      }
    }
  });
});

describe('the owned operations table', () => {
  it('names only operations that exist, each with an argument they take', () => {
    const fields = new Map(operations.map((o) => [o.field.name, o.field]));
    for (const [name, owned] of Object.entries(OWNED)) {
      expect(fields.has(name), `${name} is not an operation`).toBe(true);
      expect(fields.get(name)!.args.map((a) => a.name)).toContain(owned.arg);
    }
  });
});
