import { AppError, type ErrorCategory } from '../../errors';

export const ReportErrorCode = {
  NOT_FOUND: 'REPORT_NOT_FOUND',
  TYPE_INVALID: 'REPORT_TYPE_INVALID',
  NOTE_TOO_LONG: 'REPORT_NOTE_TOO_LONG',
  NOT_APPROVED: 'REPORT_SUBMISSION_NOT_APPROVED',
  ALREADY_REPORTED: 'REPORT_ALREADY_REPORTED',
} as const;
export type ReportErrorCode = (typeof ReportErrorCode)[keyof typeof ReportErrorCode];

/** What each message needs to be exact. */
interface Params {
  REPORT_NOT_FOUND: { id: number };
  REPORT_TYPE_INVALID: { type: string; types: readonly string[] };
  REPORT_NOTE_TOO_LONG: { max: number };
  REPORT_SUBMISSION_NOT_APPROVED: Record<string, never>;
  REPORT_ALREADY_REPORTED: { id: number };
}

const MESSAGES: { [C in ReportErrorCode]: (p: Params[C]) => string } = {
  REPORT_NOT_FOUND: (p) => `Report ${p.id} was not found.`,
  REPORT_TYPE_INVALID: (p) => (p.type ? `“${p.type}” is not a kind of report. Choose one of: ${p.types.join(', ')}.` : 'Please choose what kind of problem you are reporting.'),
  REPORT_NOTE_TOO_LONG: (p) => `The note may have at most ${p.max} characters.`,
  REPORT_SUBMISSION_NOT_APPROVED: () => 'Only approved creations can be reported.',
  REPORT_ALREADY_REPORTED: (p) => `You have already reported this creation (report ${p.id}); staff will look at it.`,
};

const CATEGORY: Record<ReportErrorCode, ErrorCategory> = {
  REPORT_NOT_FOUND: 'not_found',
  REPORT_TYPE_INVALID: 'validation',
  REPORT_NOTE_TOO_LONG: 'validation',
  REPORT_SUBMISSION_NOT_APPROVED: 'conflict',
  REPORT_ALREADY_REPORTED: 'conflict',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: Partial<Record<ReportErrorCode, string>> = {
  REPORT_TYPE_INVALID: 'type',
  REPORT_NOTE_TOO_LONG: 'note',
};

export function reportError<C extends ReportErrorCode>(code: C, params: Params[C]): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], field ? { validation: { [field]: [message] } } : {});
}
