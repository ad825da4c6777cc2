import type { AppError } from '../errors';

/**
 * A file of a GraphQL multipart request, already streamed into storage. It is what an `Upload`
 * argument holds on the server. Only the multipart parser makes these: the scalar refuses anything
 * that is not an instance, so a JSON request cannot name stored content it did not send.
 */
export class StoredUpload {
  constructor(
    /** The name the client gave, cleaned (no path, no control characters). */
    readonly filename: string,
    /** Sniffed from the first bytes, never the client's claim. */
    readonly mimetype: string,
    readonly size: number,
    readonly sha256: string,
    /** Storage key of the content. */
    readonly key: string,
    /** The first bytes (SNIFF_BYTES), for classifying without reading the content again. */
    readonly firstBytes: Uint8Array,
    /** True when this request stored new content (it is removed again if nothing ends up using it). */
    readonly created: boolean,
  ) {}
}

/** What kind of upload an argument takes; set in the argument's extensions as `{ upload: kind }`. */
export type UploadKind = 'image' | 'file' | 'attachment';

/** The limits an upload is held to while it streams in. */
export interface UploadRule {
  maxBytes: number;
  /** Checks the first bytes (or the whole file when it is shorter): an error refuses the upload. */
  check(firstBytes: Uint8Array, filename: string): AppError | null;
  /** The refusal when the upload turns out `size` bytes long, over `maxBytes`. */
  tooLarge(filename: string, size: number): AppError;
  empty(filename: string): AppError;
}
