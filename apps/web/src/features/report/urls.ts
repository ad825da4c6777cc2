import { REPORT_STATES, type ReportListState } from '@corner/domain';
import { positiveIntParam } from '../../ui/search-params';

/** Which list the Reported page shows: the queue of reported creations, or every report. */
export type ReportedView = 'queue' | 'reports';

/** Reports per page of the All reports list. */
export const REPORTS_PAGE_SIZE = 25;

/**
 * The typed search parameters of the All reports view on /staff/reported (STYLE rule 6):
 * `?view=reports&type=&state=&page=`. The queue view keeps the queue's own parameters.
 */
export interface AllReportsParams {
  /** One kind of problem (a `type` of reportTypes), or any. */
  type: string | null;
  state: ReportListState;
  page: number;
}

export const DEFAULT_REPORTS_PARAMS: AllReportsParams = { type: null, state: 'open', page: 1 };

/** A kind's id as the server stores them (lower case words and dashes); anything else is no filter. */
const TYPE_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

/** `?view=reports` shows every report; anything else the queue. */
export function readReportedView(params: URLSearchParams): ReportedView {
  return params.get('view') === 'reports' ? 'reports' : 'queue';
}

/** Reads `?type=&state=&page=`; unknown values fall back to the default. */
export function readReportsParams(params: URLSearchParams): AllReportsParams {
  const type = params.get('type');
  const state = params.get('state');
  return {
    type: type && TYPE_PATTERN.test(type) ? type : null,
    state: (REPORT_STATES as readonly string[]).includes(state ?? '') ? (state as ReportListState) : 'open',
    page: positiveIntParam(params.get('page')) ?? 1,
  };
}

/** The All reports view's search parameters without their defaults (but always `view=reports`). */
export function writeReportsParams(params: Partial<AllReportsParams>): URLSearchParams {
  const out = new URLSearchParams({ view: 'reports' });
  if (params.type) out.set('type', params.type);
  if (params.state && params.state !== 'open') out.set('state', params.state);
  if (params.page !== undefined && params.page > 1) out.set('page', String(params.page));
  return out;
}

/** The variables of getAllSubmissionReports for these parameters. */
export function allReportsVariables(params: AllReportsParams, pageSize = REPORTS_PAGE_SIZE) {
  return { type: params.type, state: params.state, first: pageSize, page: params.page };
}
