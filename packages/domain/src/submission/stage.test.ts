import { describe, expect, it } from 'vitest';
import { creationStage, currentRejectionReason, DECIDED_UPDATE_REQUEST_STATUSES, UPDATE_REQUEST_DECISION, updateRequestStage } from './stage';

const NOW = new Date('2026-05-01T12:00:00Z');

describe('creationStage', () => {
  it('derives published from APPROVED and a past publish date, and reads every stored status', () => {
    expect(creationStage({ status: 'APPROVED', publish_at: '2026-04-30T00:00:00Z' }, NOW)).toBe('published');
    expect(creationStage({ status: 'APPROVED', publish_at: '2026-05-02T00:00:00Z' }, NOW)).toBe('approved');
    expect(creationStage({ status: 'APPROVED', publish_at: null }, NOW)).toBe('approved');
    expect(creationStage({ status: 'CREATED' }, NOW)).toBe('draft');
    expect(creationStage({ status: 'REJECTED' }, NOW)).toBe('rejected');
    expect(creationStage({ status: 'SUBMITTED' }, NOW)).toBe('submitted');
    expect(creationStage({ status: 'TESTING' }, NOW)).toBe('testing');
  });

  it('calls any deleted creation deleted, whatever its status', () => {
    expect(creationStage({ status: 'SUBMITTED', deleted_at: '2026-04-01T00:00:00Z' }, NOW)).toBe('deleted');
    expect(creationStage({ status: 'APPROVED', publish_at: '2026-04-30T00:00:00Z', deleted_at: new Date('2026-04-01T00:00:00Z') }, NOW)).toBe('deleted');
  });
});

describe('currentRejectionReason', () => {
  it('gives the reason only while the creation stands rejected', () => {
    expect(currentRejectionReason({ status: 'REJECTED', latest_rejection_reason: 'Blurry pictures' })).toBe('Blurry pictures');
    expect(currentRejectionReason({ status: 'CREATED', latest_rejection_reason: 'Blurry pictures' })).toBeNull();
    expect(currentRejectionReason({ status: 'REJECTED', latest_rejection_reason: '' })).toBeNull();
    expect(currentRejectionReason({ status: 'REJECTED', latest_rejection_reason: 'x', deleted_at: '2026-01-01T00:00:00Z' })).toBeNull();
  });
});

describe('update requests', () => {
  it('reads a stored status as a stage, and names the decisions', () => {
    expect(updateRequestStage('PENDING')).toBe('pending');
    expect(updateRequestStage('APPROVED')).toBe('approved');
    expect(updateRequestStage('REJECTED')).toBe('rejected');
    expect(DECIDED_UPDATE_REQUEST_STATUSES).toEqual([UPDATE_REQUEST_DECISION.approve, UPDATE_REQUEST_DECISION.reject]);
  });
});
