import { and, desc, eq, ilike, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context';
import { fileVersions, files, members, submissions } from '../../db/schema/index';
import { escapeLike } from '../../db/sql';
import { pageWindow, paginatorInfo, type Page } from '../../schema/paginator';
import type { FileRow } from './file-read.service';

/** Largest id a search term may be compared with (the id columns are 32-bit integers). */
const MAX_ID = 2_147_483_647;

/**
 * What file management's search box matches: the file name (ILIKE, wildcards escaped), the owner's
 * name; a number matches a file id, an owner id or a creation id; 8 to 64 hex digits match the start
 * of the sha256 of the current content or of any earlier version.
 */
function fileSearchWhere(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  const parts: SQL[] = [ilike(files.filename, pattern), ilike(members.username, pattern)];
  if (/^\d{1,10}$/.test(search) && Number(search) > 0 && Number(search) <= MAX_ID) {
    const id = Number(search);
    parts.push(eq(files.id, id), eq(files.member_id, id), eq(files.submission_id, id));
  }
  if (/^[0-9a-f]{8,64}$/i.test(search)) {
    const prefix = `${search.toLowerCase()}%`;
    parts.push(
      like(files.sha256, prefix),
      sql`exists (select 1 from ${fileVersions} where ${fileVersions.file_id} = ${files.id} and ${fileVersions.sha256} like ${prefix})`,
    );
  }
  return or(...parts)!;
}

/**
 * File management's list (page-file-management): live files, or with `deleted` the archive (deleted
 * files, and every file of a deleted creation). Newest change first; an empty search lists all.
 */
export async function searchFiles(
  ctx: Context,
  input: { search: string | null; deleted: boolean; first?: number | null; page?: number | null },
): Promise<Page<FileRow>> {
  const { perPage, currentPage, limit, offset } = pageWindow(input.first, input.page);
  const search = input.search?.trim() ?? '';
  const state = input.deleted
    ? or(isNotNull(files.deleted_at), isNotNull(submissions.deleted_at))
    : and(isNull(files.deleted_at), isNull(submissions.deleted_at));
  const where = and(state, search ? fileSearchWhere(search) : undefined);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ file: files })
      .from(files)
      .innerJoin(members, eq(members.id, files.member_id))
      .leftJoin(submissions, eq(submissions.id, files.submission_id))
      .where(where)
      .orderBy(desc(files.updated_at), desc(files.id))
      .limit(limit)
      .offset(offset),
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(files)
      .innerJoin(members, eq(members.id, files.member_id))
      .leftJoin(submissions, eq(submissions.id, files.submission_id))
      .where(where),
  ]);
  const data = rows.map((r) => r.file);
  return { data, paginatorInfo: paginatorInfo(count?.total ?? 0, data.length, perPage, currentPage) };
}
