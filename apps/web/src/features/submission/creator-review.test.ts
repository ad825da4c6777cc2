import { describe, expect, it } from 'vitest';
import {
  attentionNotes,
  checkUpdateDraft,
  filesWithNewVersion,
  firstLine,
  hasNewVersion,
  MAX_UPDATE_MESSAGE_LENGTH,
  testState,
  rejectionSummary,
  testSummary,
} from './creator-review';

const failed = (over: object = {}) => ({ status: 'DONE', test_result: 'FAILED', cleared_at: null, update_request_id: null, ...over });

describe('testState', () => {
  it('keeps failed, uncleared tests of the creation, newest first', () => {
    const tests = [
      failed({ test_notes: 'old', updated_at: '2026-04-01T00:00:00Z' }),
      failed({ test_notes: 'new', updated_at: '2026-04-03T00:00:00Z' }),
      { status: 'DONE', test_result: 'PASSED', updated_at: '2026-04-04T00:00:00Z' },
      { status: 'CLEARED', test_result: 'FAILED', cleared_at: '2026-04-05T00:00:00Z' },
    ];
    const state = testState(tests);
    expect(state.failed.map((t) => t.test_notes)).toEqual(['new', 'old']);
    expect(state.isRunning).toBe(false);
  });

  it('counts a failed test cleared by staff as settled, even with DONE status and cleared_at', () => {
    expect(testState([failed({ cleared_at: '2026-04-05T00:00:00Z' })]).failed).toEqual([]);
  });

  it('tells running tests of the creation from those of an update request', () => {
    const tests = [
      { status: 'IN_PROGRESS', update_request_id: 7 },
      failed({ update_request_id: 7, test_notes: 'update broke it' }),
      failed({ update_request_id: 3, test_notes: 'an older request' }),
    ];
    const state = testState(tests, 7);
    expect(state.isRunning).toBe(false);
    expect(state.failed).toEqual([]);
    expect(state.isUpdateRunning).toBe(true);
    expect(state.updateFailed.map((t) => t.test_notes)).toEqual(['update broke it']);
    expect(testState([{ status: 'OPEN', update_request_id: null }]).isRunning).toBe(true);
    expect(testState(tests).updateFailed).toEqual([]);
  });
});

describe('firstLine and testSummary', () => {
  it('reads the first line with text, trimmed', () => {
    expect(firstLine('\n  \r\n  The legs float.  \nSecond line')).toBe('The legs float.');
    expect(firstLine('   ')).toBeNull();
    expect(firstLine(null)).toBeNull();
  });

  it('cuts a long line with an ellipsis', () => {
    const line = firstLine('a'.repeat(200), 10);
    expect(line).toBe(`${'a'.repeat(9)}…`);
    // Words are kept whole where that costs little.
    expect(firstLine('The table legs float above the floor', 20)).toBe('The table legs…');
    expect(firstLine('The table legs float above the floor', 36)).toBe('The table legs float above the floor');
  });

  it("prefers the tester's findings over what was to be tested", () => {
    expect(testSummary(failed({ notes: 'Check swatches', test_notes: 'Swatch 3 is black\nmore' }))).toBe('Swatch 3 is black');
    expect(testSummary(failed({ notes: 'Check swatches', test_notes: ' ' }))).toBe('Check swatches');
    expect(testSummary(failed())).toBeNull();
  });
});

describe('files an update request can bring', () => {
  const files = [
    { id: 1, version: 3, published_version: 2 },
    { id: 2, version: 2, published_version: 2 },
    { id: 3, version: 4, published_version: null },
    { id: 4, version: 5, published_version: 1, deleted_at: '2026-04-01T00:00:00Z' },
  ];

  it('offers only live files with a version newer than the published one', () => {
    expect(filesWithNewVersion(files).map((f) => f.id)).toEqual([1]);
    expect(hasNewVersion({ id: 9, version: 1 })).toBe(false);
  });

  it('requires a message and trims it', () => {
    expect(checkUpdateDraft({ message: '  ', fileIds: [1], imageIds: [] }, { files, imageIds: [] })).toEqual({
      ok: false,
      problem: 'message-missing',
    });
    expect(
      checkUpdateDraft({ message: 'x'.repeat(MAX_UPDATE_MESSAGE_LENGTH + 1), fileIds: [], imageIds: [] }, { files, imageIds: [] }),
    ).toEqual({ ok: false, problem: 'message-too-long' });
  });

  it('sends only chosen files that still have something new and images still there, once each', () => {
    expect(checkUpdateDraft({ message: ' New swatches ', fileIds: [1, 2, 1, 3], imageIds: [10, 11, 10] }, { files, imageIds: [10] })).toEqual({
      ok: true,
      input: { message: 'New swatches', file_ids: [1], image_ids: [10] },
    });
  });
});

describe('attentionNotes', () => {
  it('gives the rejection reason of a rejected creation', () => {
    expect(attentionNotes({ status: 'REJECTED', latest_rejection_reason: 'Blurry images', numReports: 0, tests: [] })).toEqual([
      { kind: 'rejected', reason: 'Blurry images' },
    ]);
  });

  it('gives the first line of the newest failed test while the creation is being reviewed or edited', () => {
    const tests = [
      failed({ test_notes: 'Legs float\nDetails', updated_at: '2026-04-02T00:00:00Z' }),
      failed({ test_notes: 'Older', updated_at: '2026-04-01T00:00:00Z' }),
    ];
    for (const status of ['CREATED', 'SUBMITTED', 'TESTING']) {
      expect(attentionNotes({ status, numReports: 0, tests })).toEqual([{ kind: 'testFailed', summary: 'Legs float' }]);
    }
    expect(attentionNotes({ status: 'SUBMITTED', numReports: 0, tests: [failed()] })).toEqual([{ kind: 'testFailed', summary: null }]);
  });

  it('ignores failed update tests and reports on creations not approved', () => {
    expect(attentionNotes({ status: 'SUBMITTED', numReports: 2, tests: [failed({ update_request_id: 4 })] })).toEqual([]);
  });

  it('counts reports of an approved creation', () => {
    expect(attentionNotes({ status: 'APPROVED', numReports: 2, tests: [failed()] })).toEqual([{ kind: 'reported', count: 2 }]);
  });
});

describe('rejectionSummary', () => {
  it('reads a reasons list in one line without its heading', () => {
    expect(rejectionSummary('Rejected for these reasons:\n- Images: Blurry\n- Files: Broken\n\nPlease fix both.')).toBe(
      'Images: Blurry; Files: Broken; Please fix both.',
    );
  });

  it('keeps a message alone as it is', () => {
    expect(rejectionSummary('Not game content.')).toBe('Not game content.');
  });
});
