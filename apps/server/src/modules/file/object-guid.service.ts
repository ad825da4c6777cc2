import { and, asc, eq } from 'drizzle-orm';
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
