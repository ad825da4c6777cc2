import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/rows';
import { fileInspections, files, legacyFileHashes, objectGuids, submissionBridges, submissions } from '../../db/schema/index';
import { creationsDefiningObjects } from '../dependency/dependency.service';
import { creationsDefiningCasParts } from '../game-file/used-content.service';
import type { SubmissionRow } from '../submission/submission.access';

/** How a creation may copy another member's: the same file, or an id the other already defines. */
export type DuplicateKind = 'file' | 'object' | 'cas_part';

export interface DuplicateMatch {
  kind: DuplicateKind;
  /** The content's sha256, or the 16-digit object or CAS part id. */
  id: string;
  /** This creation's file that matches (for `file`, and for ids found in a package). */
  filename: string | null;
  /** The other member's creation; null when the match is an item of the older system. */
  other: SubmissionRow | null;
  /** The other member's item of the older system (a `file` match: legacy_file_hashes), by its ID. */
  legacyItemId: number | null;
}

/** At most this many matches are listed: a merged or copied package can match hundreds. */
export const MAX_DUPLICATE_MATCHES = 50;

/**
 * Where a creation meets another member's (issue 15): a live file with the same content as a file
 * of another member's creation or of another member's item in the older system (one not migrated:
 * a migrated item is met as its creation), an object id typed or found in both, or a CAS part id
 * both packages define. Deleted creations and files, and the member's own creations, never count. Staff read these
 * on the review page; the creator does not (they would learn of other members' unpublished work).
 */
export async function duplicatesOf(db: DbOrTx, s: SubmissionRow): Promise<DuplicateMatch[]> {
  const mine = await db
    .select({ filename: files.filename, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.submission_id, s.id), isNull(files.deleted_at)));
  const ofOthers = ne(submissions.member_id, s.member_id);
  const others = and(ofOthers, isNull(submissions.deleted_at));
  const matches: DuplicateMatch[] = [];
  const add = (match: DuplicateMatch) => {
    const same = (m: DuplicateMatch) => m.kind === match.kind && m.id === match.id && m.other?.id === match.other?.id && m.legacyItemId === match.legacyItemId;
    if (matches.length < MAX_DUPLICATE_MATCHES && !matches.some(same)) matches.push(match);
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
    const filenameOf = (sha256: string) => mine.find((f) => f.sha256 === sha256)?.filename ?? null;
    for (const row of same) add({ kind: 'file', id: row.sha256, filename: filenameOf(row.sha256), other: row.other, legacyItemId: null });

    const legacySame = await db
      .selectDistinctOn([legacyFileHashes.sha256, legacyFileHashes.legacy_item_id], { sha256: legacyFileHashes.sha256, itemId: legacyFileHashes.legacy_item_id })
      .from(legacyFileHashes)
      .leftJoin(submissionBridges, eq(submissionBridges.legacy_item_id, legacyFileHashes.legacy_item_id))
      .where(and(inArray(legacyFileHashes.sha256, hashes), ne(legacyFileHashes.member_id, s.member_id), isNull(submissionBridges.submission_id)))
      .orderBy(legacyFileHashes.sha256, legacyFileHashes.legacy_item_id)
      .limit(MAX_DUPLICATE_MATCHES);
    for (const row of legacySame) add({ kind: 'file', id: row.sha256!, filename: filenameOf(row.sha256!), other: null, legacyItemId: row.itemId });
  }

  const guids = (await db.select({ guid: objectGuids.object_guid }).from(objectGuids).where(eq(objectGuids.submission_id, s.id))).map((g) => g.guid);
  for (const row of await creationsDefiningObjects(db, guids, ofOthers)) add({ kind: 'object', id: row.object_guid, filename: null, other: row.submission, legacyItemId: null });

  // CAS parts this creation's read packages define, met in other members' packages.
  const myParts =
    hashes.length === 0
      ? []
      : await rows<{ id: string }>(
          db,
          sql`select distinct part.id from ${fileInspections} i
              cross join lateral jsonb_array_elements_text(i.result -> 'casPartIds') as part(id)
              where i.format = 'package' and i.status = 'read' and ${inArray(sql`i.sha256`, hashes)}`,
        );
  for (const row of await creationsDefiningCasParts(db, myParts.map((p) => p.id), ofOthers)) add({ kind: 'cas_part', id: row.id, filename: null, other: row.submission, legacyItemId: null });
  return matches;
}
