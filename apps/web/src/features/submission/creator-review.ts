import { creationStage, currentRejectionReason, isTestFailed as isFailed, isTestUnfinished, type CreationStage } from '@corner/domain';

/**
 * What the creator reads of staff review on their creation's pages and lists (issue 5, creator
 * side): which tests matter, what a failed test says, which files an update request can bring.
 * Pure functions over the fields the server sends, so the banner, the list row and the update
 * dialog read one rule.
 */

/** The fields of a test (`CreatorSubmissionTest`) these rules read. */
export interface TestFacts {
  status: string;
  test_result?: string | null | undefined;
  cleared_at?: string | null | undefined;
  update_request_id?: number | null | undefined;
  notes?: string | null | undefined;
  test_notes?: string | null | undefined;
  updated_at?: string | undefined;
}

/** A finished, failed test staff have not cleared: the creator has something to fix. */
export function isTestFailed(test: TestFacts): boolean {
  return isFailed({ status: test.status, result: test.test_result }) && !test.cleared_at;
}

/**
 * Where a creation's tests stand for its creator. Tests of the creation itself are kept apart
 * from those of an update request: only the latter concern `updateRequestId`.
 */
export interface TestState {
  /** Failed, uncleared tests of the creation, newest first. */
  failed: TestFacts[];
  /** Whether a test of the creation is running. */
  isRunning: boolean;
  /** Failed, uncleared tests of the given update request, newest first. */
  updateFailed: TestFacts[];
  /** Whether a test of the given update request is running. */
  isUpdateRunning: boolean;
}

export function testState<T extends TestFacts>(tests: readonly T[], updateRequestId?: number | null): TestState & { failed: T[]; updateFailed: T[] } {
  const own = tests.filter((test) => test.update_request_id == null);
  const ofUpdate = updateRequestId == null ? [] : tests.filter((test) => test.update_request_id === updateRequestId);
  return {
    failed: newestFirst(own.filter(isTestFailed)),
    isRunning: own.some(isTestUnfinished),
    updateFailed: newestFirst(ofUpdate.filter(isTestFailed)),
    isUpdateRunning: ofUpdate.some(isTestUnfinished),
  };
}

function newestFirst<T extends TestFacts>(tests: T[]): T[] {
  return [...tests].sort((a, b) => (b.updated_at ?? '').localeCompare(a.updated_at ?? ''));
}

/** The longest first line a list row shows before cutting it with an ellipsis. */
export const FIRST_LINE_MAX = 140;

/**
 * The first line with text in it, trimmed and cut at `max` characters (at a word's end, unless that
 * would lose more than a third of it); null when there is none.
 */
export function firstLine(text: string | null | undefined, max = FIRST_LINE_MAX): string | null {
  const line = text
    ?.split(/\r?\n/)
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (!line) return null;
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > (max * 2) / 3 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A rejection text in one line for a list row: a heading line that ends with ":" ("Rejected for
 * these reasons:") is dropped, list dashes go, and the remaining lines are joined with "; ".
 */
export function rejectionSummary(reason: string): string {
  const lines = reason
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length > 1 && lines[0]!.endsWith(':')) lines.shift();
  return lines.map((line) => line.replace(/^[-*•]\s*/, '')).join('; ');
}

/**
 * What a failed test tells its creator in one line: the tester's findings (`test_notes`), or else
 * what was to be tested (`notes`); null when staff wrote neither.
 */
export function testSummary(test: TestFacts): string | null {
  return firstLine(test.test_notes) ?? firstLine(test.notes);
}

/** The fields of a file the update dialog reads. */
export interface FileVersionFacts {
  id: number;
  version: number;
  published_version?: number | null | undefined;
  deleted_at?: string | null | undefined;
}

/**
 * Whether a file of an approved creation holds a version visitors do not get yet, which an update
 * request can bring (docs/decisions-update-report-featured.md: the server refuses a file whose
 * newest version is the published one). A file with no published version gives visitors its
 * newest one, so it has nothing new to bring.
 */
export function hasNewVersion(file: FileVersionFacts): boolean {
  return !file.deleted_at && file.published_version != null && file.version > file.published_version;
}

/** The files an update request may include, in the order given. */
export function filesWithNewVersion<F extends FileVersionFacts>(files: readonly F[]): F[] {
  return files.filter(hasNewVersion);
}

/** What the update dialog sends, or why it cannot yet. */
export type UpdateDraftCheck =
  | { ok: true; input: { message: string; file_ids: number[]; image_ids: number[] } }
  | { ok: false; problem: 'message-missing' | 'message-too-long' };

/** The server's limit on an update request's message (update-request.service.ts). */
export const MAX_UPDATE_MESSAGE_LENGTH = 5000;

/**
 * Checks the dialog's draft as the server will (message required, trimmed, at most 5000
 * characters) and keeps only chosen files that still have something new and images still there.
 */
export function checkUpdateDraft(
  draft: { message: string; fileIds: readonly number[]; imageIds: readonly number[] },
  options: { files: readonly FileVersionFacts[]; imageIds: readonly number[] },
): UpdateDraftCheck {
  const message = draft.message.trim();
  if (message === '') return { ok: false, problem: 'message-missing' };
  if (message.length > MAX_UPDATE_MESSAGE_LENGTH) return { ok: false, problem: 'message-too-long' };
  const offered = new Set(filesWithNewVersion(options.files).map((file) => file.id));
  const images = new Set(options.imageIds);
  return {
    ok: true,
    input: {
      message,
      file_ids: unique(draft.fileIds).filter((id) => offered.has(id)),
      image_ids: unique(draft.imageIds).filter((id) => images.has(id)),
    },
  };
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** The fields of a creation the attention note of a list row reads. */
export interface AttentionFacts {
  status: string;
  latest_rejection_reason?: string | null | undefined;
  numReports: number;
  tests: readonly TestFacts[];
}

/** Why a creation sits in needs attention, as the list row says it (SPEC section 9's three counts). */
export type AttentionNote =
  | { kind: 'rejected'; reason: string }
  | { kind: 'testFailed'; summary: string | null }
  | { kind: 'reported'; count: number };

/** The stages in which a failed test is what the creator acts on (a rejection says more, once rejected). */
const TESTED_STAGES: readonly CreationStage[] = ['draft', 'submitted', 'testing'];
/** The stages in which visitors can report a creation. */
const REPORTABLE_STAGES: readonly CreationStage[] = ['approved', 'published'];

export function attentionNotes(creation: AttentionFacts): AttentionNote[] {
  const notes: AttentionNote[] = [];
  const stage = creationStage(creation);
  const reason = currentRejectionReason(creation);
  if (reason) notes.push({ kind: 'rejected', reason });
  if (TESTED_STAGES.includes(stage)) {
    const [failed] = testState(creation.tests).failed;
    if (failed) notes.push({ kind: 'testFailed', summary: testSummary(failed) });
  }
  if (REPORTABLE_STAGES.includes(stage) && creation.numReports > 0) notes.push({ kind: 'reported', count: creation.numReports });
  return notes;
}
