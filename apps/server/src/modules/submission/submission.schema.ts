import { builder } from '../../schema/builder';
import type { SubmissionRow } from './submission.access';

/**
 * A creation's properties (SPEC section 3). Other modules add their fields to it with
 * `builder.objectFields(SubmissionPropertiesRef, …)` beside their own types (images, files, …).
 */
export const SubmissionPropertiesRef = builder.objectRef<SubmissionRow>('SubmissionProperties');

SubmissionPropertiesRef.implement({
  description: "A creation's properties, whatever its kind.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    status: t.exposeString('status'),
    model_type: t.exposeString('model_type'),
    model_id: t.exposeInt('model_id'),
    name: t.exposeString('name'),
  }),
});
