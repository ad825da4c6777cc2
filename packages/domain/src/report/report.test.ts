import { describe, expect, it } from 'vitest';
import { REPORT_STATES, reportStage } from './report';

describe('reports', () => {
  it('a report is open until dismissed', () => {
    expect(reportStage({ deleted_at: null })).toBe('open');
    expect(reportStage({})).toBe('open');
    expect(reportStage({ deleted_at: '2025-01-02T03:04:05Z' })).toBe('dismissed');
    expect(reportStage({ deleted_at: new Date() })).toBe('dismissed');
  });

  it('lists filter by open, dismissed or all, open first (the default)', () => {
    expect(REPORT_STATES).toEqual(['open', 'dismissed', 'all']);
  });
});
