import { and, asc, eq, sql } from 'drizzle-orm';
import { normaliseObjectGuid } from '@corner/domain';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { objectGuids } from '../../db/schema/index';
import { writeLog } from '../log/log.service';
import { beginEdit, type SubmissionRow } from '../submission/submission.access';
import { fileError } from './file.errors';

export type ObjectGuidRow = typeof objectGuids.$inferSelect;

export async function listObjectGuids(db: DbOrTx, s: SubmissionRow): Promise<ObjectGuidRow[]> {
  return db.select().from(objectGuids).where(eq(objectGuids.submission_id, s.id)).orderBy(asc(objectGuids.id));
}

/**
 * Lists an object GUID (object definition id) for a creation, typed by the creator. Stored as 16
 * lower-case hex digits; each GUID is listed once per creation.
 */
export async function createObjectGuid(ctx: Context, submissionId: number, objectGuid: string): Promise<ObjectGuidRow> {
  return ctx.db.transaction(async (tx) => {
    const s = await beginEdit(ctx, submissionId, tx);
    const guid = normaliseObjectGuid(objectGuid);
    if (!guid) throw fileError('OBJECT_GUID_INVALID', {});
    const [existing] = await tx
      .select({ id: objectGuids.id })
      .from(objectGuids)
      .where(and(eq(objectGuids.submission_id, s.id), eq(objectGuids.object_guid, guid)));
    if (existing) throw fileError('OBJECT_GUID_DUPLICATE', { guid });
    const [row] = await tx.insert(objectGuids).values({ submission_id: s.id, object_guid: guid }).returning();
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'object_guid',
      entity_id: row!.id,
      action: 'created',
      new_values: { object_guid: guid },
    });
    return row!;
  });
}

/**
 * Corrects an object GUID the creator typed (SPEC 7's "update of object guids"). One read from a
 * file is the file's and is refused; the new value follows the same rules as a new one.
 */
export async function updateObjectGuid(ctx: Context, id: number, objectGuid: string): Promise<ObjectGuidRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(objectGuids).where(eq(objectGuids.id, id));
    if (!row) throw fileError('OBJECT_GUID_NOT_FOUND', { id });
    const s = await beginEdit(ctx, row.submission_id, tx);
    if (row.file_id !== null) throw fileError('OBJECT_GUID_FROM_FILE', {});
    const guid = normaliseObjectGuid(objectGuid);
    if (!guid) throw fileError('OBJECT_GUID_INVALID', {});
    if (guid === row.object_guid) return row;
    const [existing] = await tx
      .select({ id: objectGuids.id })
      .from(objectGuids)
      .where(and(eq(objectGuids.submission_id, s.id), eq(objectGuids.object_guid, guid)));
    if (existing) throw fileError('OBJECT_GUID_DUPLICATE', { guid });
    const [updated] = await tx.update(objectGuids).set({ object_guid: guid }).where(eq(objectGuids.id, id)).returning();
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'object_guid',
      entity_id: id,
      action: 'updated',
      previous_values: { object_guid: row.object_guid },
      new_values: { object_guid: guid },
    });
    return updated!;
  });
}

export async function deleteObjectGuid(ctx: Context, id: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(objectGuids).where(eq(objectGuids.id, id));
    if (!row) throw fileError('OBJECT_GUID_NOT_FOUND', { id });
    const s = await beginEdit(ctx, row.submission_id, tx);
    await tx.delete(objectGuids).where(eq(objectGuids.id, id));
    await writeLog(tx, {
      submission_id: s.id,
      member_id: ctx.auth.member!.id,
      entity: 'object_guid',
      entity_id: id,
      action: 'deleted',
      previous_values: { object_guid: row.object_guid },
    });
    return true;
  });
}

/**
 * The object GUIDs a creation's packages define, kept beside the file that defines each (rows with a
 * `file_id`; GUIDs typed by the creator have none and are left alone). For the files named: the
 * GUIDs their current content's inspection found are added where the creation lacks them, and those
 * of a deleted file, or no longer in its content (a new version), are removed. Called when files
 * change, and by the inspection job once it has read a content (by its sha256).
 */
export async function syncFoundObjectGuids(db: DbOrTx, which: { fileIds: readonly number[] } | { sha256: string } | { sha256s: readonly string[] }): Promise<void> {
  if ('fileIds' in which && which.fileIds.length === 0) return;
  if ('sha256s' in which && which.sha256s.length === 0) return;
  const fileIs =
    'fileIds' in which
      ? sql`f.id in (${sql.join(
          which.fileIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : 'sha256s' in which
        ? sql`f.sha256 in (${sql.join(
            which.sha256s.map((h) => sql`${h}`),
            sql`, `,
          )})`
        : sql`f.sha256 = ${which.sha256}`;
  const found = sql`file_inspections i where i.sha256 = f.sha256 and i.status = 'read' and i.format = 'package'`;
  await db.execute(sql`delete from ${objectGuids} o using files f where o.file_id = f.id and ${fileIs}
    and (f.deleted_at is not null or f.submission_id is distinct from o.submission_id
      or not exists (select 1 from ${found} and i.result -> 'objectDefinitionIds' ? o.object_guid))`);
  await db.execute(sql`insert into ${objectGuids} (submission_id, file_id, object_guid)
    select distinct on (f.submission_id, g.guid) f.submission_id, f.id, g.guid
    from files f join file_inspections i on i.sha256 = f.sha256 and i.status = 'read' and i.format = 'package'
      cross join lateral jsonb_array_elements_text(i.result -> 'objectDefinitionIds') g(guid)
    where ${fileIs} and f.submission_id is not null and f.deleted_at is null
      and not exists (select 1 from ${objectGuids} o where o.submission_id = f.submission_id and o.object_guid = g.guid)
    order by f.submission_id, g.guid, f.id`);
}
