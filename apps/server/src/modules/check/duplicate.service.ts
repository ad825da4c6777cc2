import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { files, objectGuids, submissions } from '../../db/schema/index';
import type { SubmissionRow } from '../submission/submission.access';

/** How a creation may copy another member's: the same file, or an id the other already defines. */
export type DuplicateKind = 'file' | 'object' | 'cas_part';

export interface DuplicateMatch {
  kind: DuplicateKind;
  /** The content's sha256, or the 16-digit object or CAS part id. */
  id: string;
  /** This creation's file that matches (for `file`, and for ids found in a package). */
  filename: string | null;
  /** The other member's creation. */
  other: SubmissionRow;
}

/** At most this many matches are listed: a merged or copied package can match hundreds. */
export const MAX_DUPLICATE_MATCHES = 50;

/**
 * Where a creation meets another member's (issue 15): a live file with the same content as a file
 * of another member's creation, an object id typed or found in both, or a CAS part id both packages
 * define. Deleted creations and files, and the member's own creations, never count. Staff read these
 * on the review page; the creator does not (they would learn of other members' unpublished work).
 */
export async function duplicatesOf(db: DbOrTx, s: SubmissionRow): Promise<DuplicateMatch[]> {
  const mine = await db
    .select({ filename: files.filename, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.submission_id, s.id), isNull(files.deleted_at)));
  const others = and(ne(submissions.member_id, s.member_id), isNull(submissions.deleted_at));
  const matches: DuplicateMatch[] = [];
  const add = (match: DuplicateMatch) => {
    if (matches.length < MAX_DUPLICATE_MATCHES && !matches.some((m) => m.kind === match.kind && m.id === match.id && m.other.id === match.other.id)) matches.push(match);
  };

  const hashes = [...new Set(mine.map((f) => f.sha256))];
  if (hashes.length > 0) {
    const same = await db
      .selectDistinctOn([files.sha256, submissions.id], { sha256: files.sha256, other: submissions })
      .from(files)
      .innerJoin(submissions, eq(submissions.id, files.submission_id))
      .where(and(inArray(files.sha256, hashes), isNull(files.deleted_at), others))
      .orderBy(files.sha256, submissions.id)
      .limit(MAX_DUPLICATE_MATCHES);
    for (const row of same) add({ kind: 'file', id: row.sha256, filename: mine.find((f) => f.sha256 === row.sha256)?.filename ?? null, other: row.other });
  }

  const guids = (await db.select({ guid: objectGuids.object_guid }).from(objectGuids).where(eq(objectGuids.submission_id, s.id))).map((g) => g.guid);
  if (guids.length > 0) {
    const shared = await db
      .selectDistinctOn([objectGuids.object_guid, submissions.id], { guid: objectGuids.object_guid, other: submissions })
      .from(objectGuids)
      .innerJoin(submissions, eq(submissions.id, objectGuids.submission_id))
      .where(and(inArray(objectGuids.object_guid, [...new Set(guids)]), others))
      .orderBy(objectGuids.object_guid, submissions.id)
      .limit(MAX_DUPLICATE_MATCHES);
    for (const row of shared) add({ kind: 'object', id: row.guid, filename: null, other: row.other });
  }

  if (hashes.length > 0) {
    // CAS parts both creations' packages define, through the index on read packages' CAS part ids.
    const parts = await rows<{ part: string; submission_id: number }>(
      db,
      sql`with mine as (
            select distinct part.id from file_inspections i
            cross join lateral jsonb_array_elements_text(i.result -> 'casPartIds') as part(id)
            where i.format = 'package' and i.status = 'read' and i.sha256 in (${sql.join(
              hashes.map((h) => sql`${h}`),
              sql`, `,
            )})
          )
          select distinct part.id as part, f.submission_id
          from file_inspections i
          cross join lateral jsonb_array_elements_text(i.result -> 'casPartIds') as part(id)
          join files f on f.sha256 = i.sha256 and f.deleted_at is null
          join ${submissions} s on s.id = f.submission_id and s.deleted_at is null and s.member_id <> ${s.member_id}
          where i.format = 'package' and i.status = 'read'
            and (i.result -> 'casPartIds') ?| (select coalesce(array_agg(id), '{}') from mine)
            and part.id in (select id from mine)
          order by 1, 2
          limit ${MAX_DUPLICATE_MATCHES}`,
    );
    const ids = [...new Set(parts.map((p) => p.submission_id))];
    const byId = new Map(ids.length === 0 ? [] : (await db.select().from(submissions).where(inArray(submissions.id, ids))).map((r) => [r.id, r] as const));
    for (const p of parts) {
      const other = byId.get(p.submission_id);
      if (other) add({ kind: 'cas_part', id: p.part, filename: null, other });
    }
  }
  return matches;
}
