import { defineErrors, type ErrorCodeOf } from '../../errors';

export const reportError = defineErrors({
  REPORT_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Report ${p.id} was not found.` },
  REPORT_TYPE_INVALID: {
    category: 'validation',
    field: 'type',
    message: (p: { type: string; types: readonly string[] }) =>
      p.type ? `“${p.type}” is not a kind of report. Choose one of: ${p.types.join(', ')}.` : 'Please choose what kind of problem you are reporting.',
  },
  REPORT_NOTE_TOO_LONG: { category: 'validation', field: 'note', message: (p: { max: number }) => `The note may have at most ${p.max} characters.` },
  REPORT_SUBMISSION_NOT_APPROVED: { category: 'conflict', message: () => 'Only approved creations can be reported.' },
  REPORT_ALREADY_REPORTED: {
    category: 'conflict',
    message: (p: { id: number }) => `You have already reported this creation (report ${p.id}); staff will look at it.`,
  },
  REPORT_STATE_INVALID: {
    category: 'validation',
    field: 'state',
    message: (p: { state: string; states: readonly string[] }) => `“${p.state}” is not a state of reports. Choose one of: ${p.states.join(', ')}.`,
  },
  REPORT_RESTORE_NOT_APPROVED: {
    category: 'conflict',
    message: (p: { id: number }) => `Report ${p.id} cannot be restored: its creation is no longer approved and live.`,
  },
  REPORT_RESTORE_DUPLICATE: {
    category: 'conflict',
    message: (p: { id: number; open: number }) =>
      `Report ${p.id} cannot be restored: its reporter has another open report on this creation (report ${p.open}). Edit that one instead.`,
  },
});
export type ReportErrorCode = ErrorCodeOf<typeof reportError>;
