/**
 * Which reports a list holds: open ones (not dismissed), dismissed ones, or both. The server
 * filters `getAllSubmissionReports` by these; the staff list offers them.
 */
export const REPORT_STATES = ['open', 'dismissed', 'all'] as const;
export type ReportListState = (typeof REPORT_STATES)[number];

/** Where one report stands: open until staff dismiss it (deleted_at set), open again once restored. */
export function reportStage(report: { deleted_at?: Date | string | null | undefined }): 'open' | 'dismissed' {
  return report.deleted_at ? 'dismissed' : 'open';
}
