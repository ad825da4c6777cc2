import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { objectGuids, submissions } from '../../db/schema/index';
import { creationsDefiningObjects, publishedOrOf } from '../dependency/dependency.service';
import type { SubmissionRow } from '../submission/submission.access';
import { inspectedFile, type InspectedFile } from './game-file.service';
import type { HouseholdInspection } from './inspect.reader';
import { scanStoredContent } from './inspection.service';

export type UsedKind = 'object' | 'cas_part';

/** An id a lot, room or household uses, and a creation on the site that defines it. */
export interface UsedItem {
  id: string;
  kind: UsedKind;
  submission: SubmissionRow;
}

/**
 * The custom content a .blueprint, .room or .householdbinary uses (SPEC 7 getLotItemsFromBlueprint,
 * getLotItemsFromRoom, getItemsFromHouseholdBinary), as its state and error say (pending until the
 * inspection job has read the file).
 */
export type UsedContent = Omit<InspectedFile<'blueprint' | 'room' | 'householdbinary'>, 'result'> & {
  /** Ids used and defined by a creation on the site: published ones, and the file owner's own. */
  found: UsedItem[];
  /**
   * Ids a household names outright (its sims' CAS parts, its inventory's objects) that no creation
   * on the site defines: the game's own content, or content from elsewhere to link by URL. A lot or
   * a room has none: their ids are found by a scan, which recognises only ids the site knows.
   */
  notFound: { id: string; kind: UsedKind }[];
  /** A household's facts (getHHBinaryData); null for lots and rooms. */
  household: HouseholdInspection | null;
};

/** How many ids one database lookup takes. */
const LOOKUP_BATCH = 5_000;

interface KnownHighs {
  /** The highest object_guids id read so far: rows above it are read on the next call. */
  maxId: number;
  highs: Set<number>;
  loading: Promise<void>;
}

const knownHighsOf = new WeakMap<object, KnownHighs>();

/**
 * The upper 32 bits of every object id the site knows (object_guids, typed or found in packages),
 * kept per database and brought up to date on each call by reading only rows added since: a scan
 * first tests each offset against these numbers, so it never holds millions of 64-bit ids. Removed
 * ids stay in the set; they cost a candidate that the exact lookup then turns away.
 */
export async function knownObjectIdHighs(db: DbOrTx): Promise<Uint32Array> {
  let known = knownHighsOf.get(db);
  if (!known) {
    known = { maxId: 0, highs: new Set(), loading: Promise.resolve() };
    knownHighsOf.set(db, known);
  }
  const state = known;
  state.loading = state.loading.then(async () => {
    const [top] = await rows<{ max: number | null }>(db, sql`select max(${objectGuids.id}) as max from ${objectGuids}`);
    const maxId = Number(top?.max ?? 0);
    if (maxId <= state.maxId) return;
    const added = await rows<{ high: string }>(
      db,
      sql`select distinct substr(${objectGuids.object_guid}, 1, 8) as high from ${objectGuids}
          where ${objectGuids.id} > ${state.maxId} and ${objectGuids.id} <= ${maxId}`,
    );
    for (const { high } of added) state.highs.add(Number.parseInt(high, 16));
    state.maxId = maxId;
  });
  await state.loading;
  return Uint32Array.from(state.highs);
}

/**
 * The creations that define these CAS part ids (the read packages of their live files list them),
 * as pairs of id and creation, among the creations `which` (a condition on `submissions`) lets
 * through; deleted creations never. Through the GIN index on read packages' CAS part ids.
 */
export async function creationsDefiningCasParts(db: DbOrTx, ids: readonly string[], which: SQL): Promise<{ id: string; submission: SubmissionRow }[]> {
  if (ids.length === 0) return [];
  const wanted = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const pairs = await rows<{ id: string; submission_id: number }>(
    db,
    sql`select distinct part.id, ${submissions.id} as submission_id
        from file_inspections i
        cross join lateral jsonb_array_elements_text(i.result -> 'casPartIds') as part(id)
        join files f on f.sha256 = i.sha256 and f.deleted_at is null
        join ${submissions} on ${submissions.id} = f.submission_id and ${submissions.deleted_at} is null
        where i.format = 'package' and i.status = 'read' and (i.result -> 'casPartIds') ?| ${wanted}
          and part.id = any(${wanted}) and ${which}
        order by 1, 2`,
  );
  const creationIds = [...new Set(pairs.map((p) => Number(p.submission_id)))];
  const creations = new Map(creationIds.length === 0 ? [] : (await db.select().from(submissions).where(inArray(submissions.id, creationIds))).map((r) => [r.id, r] as const));
  return pairs.flatMap((p) => {
    const submission = creations.get(Number(p.submission_id));
    return submission ? [{ id: p.id, submission }] : [];
  });
}

async function inBatches<T>(ids: readonly string[], lookup: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) out.push(...(await lookup(ids.slice(i, i + LOOKUP_BATCH))));
  return out;
}

/** Matches object and CAS part ids to the creations that define them. */
async function matchUsed(ctx: Context, ownerId: number, objectIds: readonly string[], casPartIds: readonly string[]): Promise<UsedItem[]> {
  const visible = publishedOrOf([ownerId, ctx.auth.member!.id]);
  const objects = await inBatches(objectIds, (batch) => creationsDefiningObjects(ctx.db, batch, visible));
  const parts = await inBatches(casPartIds, (batch) => creationsDefiningCasParts(ctx.db, batch, visible));
  return [
    ...objects.map((o) => ({ id: o.object_guid, kind: 'object' as const, submission: o.submission })),
    ...parts.map((p) => ({ id: p.id, kind: 'cas_part' as const, submission: p.submission })),
  ];
}

/**
 * What a lot's .blueprint, a room's .room or a household's .householdbinary uses, matched to the
 * creations on the site. The household's ids are read from its sims and inventory; a blueprint or a
 * room has no public schema, so it is scanned (in the inspection worker) for the ids the site knows.
 */
export async function usedContentOf(ctx: Context, fileId: number, format: 'blueprint' | 'room' | 'householdbinary'): Promise<UsedContent> {
  const inspected = await inspectedFile(ctx, fileId, format);
  const { result, ...rest } = inspected;
  const none = { ...rest, found: [], notFound: [], household: null };
  if (inspected.state !== 'read') return none;
  const ownerId = inspected.file.member_id;

  if (format === 'householdbinary') {
    const household = result as HouseholdInspection;
    const found = await matchUsed(ctx, ownerId, household.inventoryObjectIds, household.casPartIds);
    const matched = new Set(found.map((f) => `${f.kind}:${f.id}`));
    const notFound = [
      ...household.inventoryObjectIds.map((id) => ({ id, kind: 'object' as const })),
      ...household.casPartIds.map((id) => ({ id, kind: 'cas_part' as const })),
    ].filter((u) => !matched.has(`${u.kind}:${u.id}`));
    return { ...rest, found, notFound, household };
  }

  const highs = await knownObjectIdHighs(ctx.db);
  if (highs.length === 0) return none;
  const scan = await scanStoredContent(ctx, inspected.file.storage_key, highs);
  if (!scan.ok) return { ...none, state: 'failed', error: { code: scan.code, message: scan.message } };
  return { ...rest, found: await matchUsed(ctx, ownerId, scan.ids, []), notFound: [], household: null };
}
