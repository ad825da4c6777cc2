import type { TypedDocumentNode } from '@urql/core';
import { useCallback, useState } from 'react';
import { useClient } from 'urql';
import { FILE_VARIABLE, uploadGraphQL, type UploadResult, type UploadVariables } from '../../file/upload';

/** How far an attached file has gone up (0 to 1), or null when nothing is being uploaded. */
export type SendProgress = number | null;

/**
 * Sends a message mutation whose `file: Upload` is optional: with a file, as the app's multipart
 * upload (with progress, the same transport as creation files); without, as a plain mutation.
 */
export function useSendWithFile() {
  const client = useClient();
  const [progress, setProgress] = useState<SendProgress>(null);
  const send = useCallback(
    async <Data, Variables extends { [FILE_VARIABLE]?: unknown }>(
      document: TypedDocumentNode<Data, Variables>,
      variables: Omit<Variables, typeof FILE_VARIABLE>,
      file: File | null,
    ): Promise<UploadResult<Data>> => {
      if (!file) {
        const result = await client.mutation(document, variables as Variables).toPromise();
        return { data: result.data ?? null, error: result.error ?? null };
      }
      setProgress(0);
      try {
        // The optional file variable is what uploadGraphQL fills with the file part.
        type WithFile = Variables & { [FILE_VARIABLE]: unknown };
        const upload = document as unknown as TypedDocumentNode<Data, WithFile>;
        return await uploadGraphQL(upload, variables as UploadVariables<WithFile>, file, {
          onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0),
        });
      } finally {
        setProgress(null);
      }
    },
    [client],
  );
  return { send, progress };
}
