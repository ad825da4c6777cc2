import { describe, expect, it } from 'vitest';
import { matches, type SubmissionFacts } from './condition';
import { badgeText, CREATOR_COUNTER_QUEUES, queueDefinition, queueSortFields, QUEUE_IDS, QUEUE_SORT_FIELDS, STAFF_COUNTER_QUEUES } from './queue';

const now = new Date('2026-11-22T12:00:00Z');
const facts = (f: Partial<SubmissionFacts>): SubmissionFacts => ({
  status: 'CREATED',
  deletedAt: null,
  publishAt: null,
  tests: [],
  reports: [],
  updateRequests: [],
  ...f,
});
const inQueue = (id: Parameters<typeof queueDefinition>[0], f: Partial<SubmissionFacts>) =>
  matches(queueDefinition(id).where, facts(f), now);

describe('queue definitions', () => {
  it('published is derived: APPROVED with publish_at at or before now', () => {
    expect(inQueue('published', { status: 'APPROVED', publishAt: now })).toBe(true);
    expect(inQueue('published', { status: 'APPROVED', publishAt: new Date(now.getTime() + 1) })).toBe(false);
    expect(inQueue('approved', { status: 'APPROVED', publishAt: new Date(now.getTime() + 1) })).toBe(true);
    expect(inQueue('published', { status: 'APPROVED', publishAt: null })).toBe(false);
  });

  it('waiting means SUBMITTED with no unfinished tests', () => {
    expect(inQueue('waiting', { status: 'SUBMITTED' })).toBe(true);
    expect(inQueue('waiting', { status: 'SUBMITTED', tests: [{ scope: 'submission', status: 'OPEN', result: null }] })).toBe(false);
    expect(inQueue('waiting', { status: 'SUBMITTED', tests: [{ scope: 'submission', status: 'DONE', result: 'PASSED' }] })).toBe(true);
    expect(inQueue('waiting', { status: 'TESTING' })).toBe(false);
  });

  it('testing and updates testing tell tests of the creation from tests of update requests', () => {
    const updateTest = [{ scope: 'update' as const, status: 'IN_PROGRESS' as const, result: null }];
    expect(inQueue('testing', { status: 'APPROVED', tests: updateTest })).toBe(false);
    expect(inQueue('updatesTesting', { status: 'APPROVED', tests: updateTest })).toBe(true);
    expect(inQueue('updatesTesting', { status: 'REJECTED', tests: updateTest })).toBe(false);
  });

  it('a cleared failed test no longer counts as failed', () => {
    const cleared = [{ scope: 'submission' as const, status: 'CLEARED' as const, result: 'FAILED' as const }];
    expect(inQueue('failedTesting', { status: 'SUBMITTED', tests: cleared })).toBe(false);
    expect(inQueue('needsAttention', { status: 'SUBMITTED', tests: cleared })).toBe(false);
  });

  it('needs attention: failed tests on CREATED/SUBMITTED/TESTING, rejections, reported approvals', () => {
    const failed = [{ scope: 'submission' as const, status: 'DONE' as const, result: 'FAILED' as const }];
    expect(inQueue('needsAttention', { status: 'CREATED', tests: failed })).toBe(true);
    expect(inQueue('needsAttention', { status: 'APPROVED', tests: failed })).toBe(false);
    expect(inQueue('needsAttention', { status: 'REJECTED' })).toBe(true);
    expect(inQueue('needsAttention', { status: 'APPROVED', reports: [{ deletedAt: null }] })).toBe(true);
    expect(inQueue('needsAttention', { status: 'APPROVED', reports: [{ deletedAt: now }] })).toBe(false);
  });

  it('updated: a pending update request with no unfinished update tests', () => {
    expect(inQueue('updated', { status: 'APPROVED', updateRequests: [{ status: 'PENDING' }] })).toBe(true);
    expect(inQueue('updated', { status: 'APPROVED', updateRequests: [{ status: 'APPROVED' }] })).toBe(false);
    expect(
      inQueue('updated', {
        status: 'APPROVED',
        updateRequests: [{ status: 'PENDING' }],
        tests: [{ scope: 'update', status: 'OPEN', result: null }],
      }),
    ).toBe(false);
  });

  it('deleted creations leave every queue but deleted', () => {
    const gone = { status: 'REJECTED' as const, deletedAt: now };
    for (const id of QUEUE_IDS) expect(inQueue(id, gone), id).toBe(id === 'deleted');
  });

  it('every counter names a defined queue', () => {
    for (const id of [...CREATOR_COUNTER_QUEUES, ...STAFF_COUNTER_QUEUES]) expect(queueDefinition(id).id).toBe(id);
  });
});

describe('set children', () => {
  it('never appear in a queue on their own: they travel with their set', () => {
    for (const id of QUEUE_IDS) {
      expect(inQueue(id, { status: 'CREATED', modelType: 'set_item' }), id).toBe(false);
      expect(inQueue(id, { status: 'REJECTED', modelType: 'set_item', deletedAt: now }), id).toBe(false);
    }
    expect(inQueue('created', { status: 'CREATED', modelType: 'set' })).toBe(true);
  });
});

describe('badgeText', () => {
  it('shows 99+ above 99', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});

describe('queueSortFields', () => {
  it("offers every queue's own order, so its sort box is never blank", () => {
    for (const id of QUEUE_IDS) expect(queueSortFields(id)).toContain(queueDefinition(id).sort.field);
  });

  it('offers the deletion date in the deleted queue only', () => {
    expect(queueSortFields('deleted')).toContain('deleted_at');
    expect(queueSortFields('waiting')).not.toContain('deleted_at');
    expect(queueSortFields('published')).toEqual(QUEUE_SORT_FIELDS.filter((field) => field !== 'deleted_at'));
  });
});
