import type { CombinedError } from '@urql/core';
import { errorCause, validationMessages } from '../../app/graphql/errors';
import type { SendProblem } from './components/reply-box';

/**
 * What a failed send shows: validation messages on their fields (subject, message, file), or else
 * the error's cause under the form. Null when it worked.
 */
export function sendProblem(error: CombinedError | null | undefined): SendProblem | null {
  if (!error) return null;
  const fields = validationMessages(error, '');
  if (Object.keys(fields).length > 0) return { fields, failure: null };
  return { fields: {}, failure: errorCause(error) };
}
