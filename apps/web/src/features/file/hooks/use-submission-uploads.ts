import type { TypedDocumentNode } from '@urql/core';
import { errorCause } from '../../../app/graphql/errors';
import { useUploadQueue } from '../../../ui/upload/use-upload-queue';
import { isAbortError, uploadGraphQL } from '../upload';
import { checkUpload, type UploadLimits } from '../upload-rules';

export interface SubmissionUploadsOptions {
  submissionId: number;
  /** Which limits and types apply. */
  kind: 'file' | 'image';
  /** The upload mutation; it takes `submission_id` and `file`. */
  mutation: TypedDocumentNode<unknown, { submission_id: number; file: unknown }>;
  limits: UploadLimits;
  /** Uploads at once: images go one by one so they keep the order they were chosen in. */
  concurrency: number;
  /** After each finished upload (refetch what shows the result). */
  onUploaded: () => void;
}

/**
 * The upload queue of a creation's files or images: checks each file in the browser with the
 * server's rules, sends it as a GraphQL multipart request with progress, and reports the server's
 * reason when it is refused.
 */
export function useSubmissionUploads({ submissionId, kind, mutation, limits, concurrency, onUploaded }: SubmissionUploadsOptions) {
  return useUploadQueue({
    concurrency,
    check: (file) => checkUpload(file, kind, limits),
    send: async (file, { onProgress, signal }) => {
      try {
        const result = await uploadGraphQL(mutation, { submission_id: submissionId }, file, {
          signal,
          onProgress: (p) => onProgress(p.loaded),
        });
        return result.error ? errorCause(result.error) : null;
      } catch (e) {
        if (isAbortError(e)) throw e;
        return e instanceof Error ? e.message : String(e);
      }
    },
    onUploaded,
  });
}
