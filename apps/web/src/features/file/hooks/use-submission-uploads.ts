import type { TypedDocumentNode } from '@urql/core';
import { useClient } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { useUploadQueue, type UseUploadQueue } from '../../../ui/upload/use-upload-queue';
import { sendDirect } from '../direct-upload';
import { isAbortError, uploadGraphQL } from '../upload';
import { checkUpload, type UploadLimits } from '../upload-rules';

/**
 * How a file travels:
 * - `multipart`: one GraphQL multipart request through this server (images, which are small);
 * - `direct`: a signed direct upload (getFileUploadUrl, a PUT of the raw file, then `register`
 *   with the key), so large files go straight to storage. `register` gets the file's target.
 */
export type UploadTransport<Target> =
  | { kind: 'multipart'; mutation: TypedDocumentNode<unknown, { submission_id: number; file: unknown }>; submissionId: number }
  | { kind: 'direct'; register: (key: string, filename: string, target: Target | undefined) => Promise<string | null> };

export interface FileUploadsOptions<Target> {
  /** Which limits and types apply. */
  kind: 'file' | 'image';
  transport: UploadTransport<Target>;
  limits: UploadLimits;
  /** Uploads at once: images go one by one so they keep the order they were chosen in. */
  concurrency: number;
  /** After each finished upload (refetch what shows the result). */
  onUploaded: () => void;
}

/**
 * An upload queue of files or images: checks each file in the browser with the server's rules,
 * sends it by its transport with progress, and reports the server's reason when it is refused.
 */
export function useFileUploads<Target = undefined>({ kind, transport, limits, concurrency, onUploaded }: FileUploadsOptions<Target>): UseUploadQueue<Target> {
  const client = useClient();
  return useUploadQueue<Target>({
    concurrency,
    check: (file) => checkUpload(file, kind, limits),
    send: async (file, { onProgress, signal, target }) => {
      const progress = { signal, onProgress: (p: { loaded: number }) => onProgress(p.loaded) };
      try {
        if (transport.kind === 'direct') {
          return await sendDirect(client, file, (key, filename) => transport.register(key, filename, target), progress);
        }
        const result = await uploadGraphQL(transport.mutation, { submission_id: transport.submissionId }, file, progress);
        return result.error ? errorCause(result.error) : null;
      } catch (e) {
        if (isAbortError(e)) throw e;
        return e instanceof Error ? e.message : String(e);
      }
    },
    onUploaded,
  });
}

export interface SubmissionUploadsOptions {
  submissionId: number;
  /** Which limits and types apply. */
  kind: 'file' | 'image';
  /** The upload mutation; it takes `submission_id` and `file`. */
  mutation: TypedDocumentNode<unknown, { submission_id: number; file: unknown }>;
  limits: UploadLimits;
  concurrency: number;
  onUploaded: () => void;
}

/** The multipart upload queue of a creation's images (or files), sent as GraphQL multipart requests. */
export function useSubmissionUploads({ submissionId, kind, mutation, limits, concurrency, onUploaded }: SubmissionUploadsOptions) {
  return useFileUploads({ kind, transport: { kind: 'multipart', mutation, submissionId }, limits, concurrency, onUploaded });
}
