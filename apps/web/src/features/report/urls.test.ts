import { describe, expect, it } from 'vitest';
import { allReportsVariables, DEFAULT_REPORTS_PARAMS, readReportedView, readReportsParams, writeReportsParams } from './urls';

const read = (query: string) => readReportsParams(new URLSearchParams(query));

describe('the Reported page’s search parameters', () => {
  it('shows the queue unless the URL asks for every report', () => {
    expect(readReportedView(new URLSearchParams(''))).toBe('queue');
    expect(readReportedView(new URLSearchParams('view=reports'))).toBe('reports');
    expect(readReportedView(new URLSearchParams('view=other&page=2'))).toBe('queue');
  });

  it('reads type, state and page, falling back to open reports of any kind on page 1', () => {
    expect(read('')).toEqual(DEFAULT_REPORTS_PARAMS);
    expect(read('view=reports&type=spam&state=dismissed&page=3')).toEqual({ type: 'spam', state: 'dismissed', page: 3 });
    expect(read('type=wrong-details&state=all')).toEqual({ type: 'wrong-details', state: 'all', page: 1 });
    expect(read('type=%3Cscript%3E&state=closed&page=-2')).toEqual(DEFAULT_REPORTS_PARAMS);
    expect(read('page=1.5')).toEqual(DEFAULT_REPORTS_PARAMS);
  });

  it('writes only what differs from the defaults, and always the view', () => {
    expect(writeReportsParams(DEFAULT_REPORTS_PARAMS).toString()).toBe('view=reports');
    const written = writeReportsParams({ type: 'broken', state: 'all', page: 2 });
    expect(written.toString()).toBe('view=reports&type=broken&state=all&page=2');
    expect(readReportsParams(written)).toEqual({ type: 'broken', state: 'all', page: 2 });
  });

  it('asks the server for the same list', () => {
    expect(allReportsVariables({ type: null, state: 'open', page: 2 }, 10)).toEqual({ type: null, state: 'open', first: 10, page: 2 });
  });
});
