import type { OperationResult } from 'urql';
import { errorCause, validationMessages } from '../../app/graphql/errors';
import type { FieldErrors, SaveResult } from '../../ui/auto-save/auto-saver';

/**
 * A mutation's result as a form's save result: the server's reason for the save status, and its
 * validation messages under the fields (`input.name` → `name` with the default prefix).
 */
export function saveResultOf<T>(result: Pick<OperationResult, 'error'>, prefix = 'input.'): SaveResult<T> {
  if (!result.error) return { ok: true };
  return {
    ok: false,
    message: errorCause(result.error),
    fieldErrors: validationMessages(result.error, prefix) as FieldErrors<T>,
  };
}
