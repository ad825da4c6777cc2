import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { classifyFile, cleanFilename, mimetypeOfKind, SNIFF_BYTES, sniffImageType } from '@corner/domain';
import type { Storage } from '../storage/index';
import { StoredUpload, type UploadRule } from '../storage/upload';
import { operationText, persistedQueryNotFound, type PersistedOperations } from './persisted-operations';

/** A GraphQL operation as a client sends it. */
export interface GraphqlOperation {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** Largest `operations` or `map` field: queries and variables are small; files are parts of their own. */
const MAX_FIELD_BYTES = 1024 * 1024;

/** A refusal of the request: protocol errors are 400, upload rules (size, type) 200 with a GraphQL error. */
export interface MultipartFailure {
  status: number;
  error: { message: string; extensions: Record<string, unknown> } | Error;
}

export type MultipartResult =
  | { ok: true; operation: GraphqlOperation; uploads: StoredUpload[] }
  /** `uploads` are what was stored before the refusal; the caller removes what nothing uses. */
  | ({ ok: false; uploads: StoredUpload[] } & MultipartFailure);

export interface MultipartOptions {
  storage: Storage;
  maxFiles: number;
  /**
   * Called once `operations` and `map` are read: the rule each file is held to, by its map path
   * (`variables.file`). Null for a path no Upload argument uses: that file is not stored and the
   * operation's own validation says what is wrong.
   */
  rulesFor(operation: GraphqlOperation): (path: string) => UploadRule | null;
  /** Told when storage fails (disk full, no permission): the client only hears that it failed. */
  onStorageError?: (error: unknown) => void;
  /** The web app's documents, for an `operations` field that sends a hash instead of the text. */
  persistedOperations?: PersistedOperations;
}

function badRequest(message: string): MultipartFailure {
  return { status: 400, error: { message, extensions: { code: 'BAD_MULTIPART_REQUEST' } } };
}

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/** The object holding the last segment of `path` in `root`, or null when the path does not lead to a slot. */
function slotOf(root: Record<string, unknown>, path: string): { parent: Record<string, unknown> | unknown[]; key: string } | null {
  const segments = path.split('.');
  if (segments.length < 2 || segments[0] !== 'variables' || segments.some((s) => FORBIDDEN_SEGMENTS.has(s) || s === '')) return null;
  let parent: unknown = root;
  for (const segment of segments.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object' || !Object.hasOwn(parent, segment)) return null;
    parent = (parent as Record<string, unknown>)[segment];
  }
  const key = segments.at(-1)!;
  if (parent === null || typeof parent !== 'object') return null;
  if (Array.isArray(parent) ? !(Number(key) >= 0 && Number(key) < parent.length) : !Object.hasOwn(parent, key)) return null;
  const current = (parent as Record<string, unknown>)[key];
  if (current !== null && current !== undefined) return null;
  return { parent: parent as Record<string, unknown>, key };
}

function parseOperations(value: string, operations: PersistedOperations): GraphqlOperation | MultipartFailure {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return badRequest('The "operations" field is not valid JSON.');
  }
  if (Array.isArray(parsed)) return badRequest('Batched operations are not supported: send one operation per request.');
  if (!parsed || typeof parsed !== 'object') return badRequest('The "operations" field must be a JSON object.');
  const { variables, operationName } = parsed as Record<string, unknown>;
  const text = operationText(parsed as Record<string, unknown>, operations);
  if (text && 'missing' in text) return { status: 200, error: persistedQueryNotFound().errors[0]! };
  if (!text) return badRequest('The "operations" field must hold a "query" string or a persisted query hash.');
  const { query } = text;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return badRequest('The "variables" of "operations" must be an object.');
  }
  if (operationName != null && typeof operationName !== 'string') return badRequest('"operationName" must be a string.');
  return {
    query,
    variables: (variables ?? {}) as Record<string, unknown>,
    operationName: (operationName ?? undefined) as string | undefined,
  };
}

function parseMap(value: string, operation: GraphqlOperation, maxFiles: number): Map<string, string[]> | MultipartFailure {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return badRequest('The "map" field is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return badRequest('The "map" field must be a JSON object.');
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > maxFiles) return badRequest(`Too many files: at most ${maxFiles} may be sent in one request.`);
  const map = new Map<string, string[]>();
  const used = new Set<string>();
  for (const [name, paths] of entries) {
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string')) {
      return badRequest(`The map entry "${name}" must be a list of variable paths.`);
    }
    for (const path of paths as string[]) {
      if (!slotOf(operation as unknown as Record<string, unknown>, path)) {
        return badRequest(`The map path "${path}" of file "${name}" does not name a null variable of the operation.`);
      }
      if (used.has(path)) return badRequest(`The map path "${path}" is given for more than one file.`);
      used.add(path);
    }
    map.set(name, paths as string[]);
  }
  return map;
}

/** The strictest of the rules of a file's paths (one file may fill several variables). */
function ruleOf(paths: string[], rulesFor: (path: string) => UploadRule | null): UploadRule | null {
  const rules = paths.map(rulesFor).filter((r): r is UploadRule => r !== null);
  if (rules.length < paths.length) return null;
  return rules.reduce<UploadRule | null>((a, b) => (a === null || b.maxBytes < a.maxBytes ? b : a), null);
}

type FileOutcome = { upload: StoredUpload | null } | MultipartFailure;

/**
 * Streams one file into storage, holding it to its rule as it arrives: the first bytes must pass the
 * rule's check and the size may not pass its limit. On a refusal the stored part is discarded at
 * once and the rest of the file is read and thrown away (counting it, so the message gives the real
 * size); the file stream is never destroyed, so the form goes on parsing.
 */
async function storeFile(
  stream: Readable,
  filename: string,
  rule: UploadRule,
  storage: Storage,
  onError: (error: unknown) => void,
): Promise<FileOutcome> {
  const chunks = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let refusal: 'type' | 'size' | 'empty' | null = null;
  let typeError: ReturnType<UploadRule['check']> = null;
  const firstBytes = () => new Uint8Array(Buffer.concat(head));
  const checkType = () => {
    typeError = rule.check(firstBytes(), filename);
    if (typeError) refusal = 'type';
    return refusal === null;
  };

  let sourceFailed = false;
  async function* accepted(): AsyncGenerator<Buffer> {
    let checked = false;
    for (;;) {
      let next;
      try {
        next = await chunks.next();
      } catch (error) {
        sourceFailed = true;
        throw error;
      }
      if (next.done) break;
      const chunk = next.value as Buffer;
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.push(part);
        headLength += part.length;
      }
      if (!checked && headLength >= SNIFF_BYTES) {
        checked = true;
        if (!checkType()) throw new Error('refused');
      }
      if (size > rule.maxBytes) {
        refusal = 'size';
        throw new Error('refused');
      }
      yield chunk;
    }
    if (size === 0) {
      refusal = 'empty';
      throw new Error('refused');
    }
    if (!checked && !checkType()) throw new Error('refused');
  }

  let stored;
  let storageError: unknown = null;
  try {
    stored = await storage.put(accepted());
  } catch (error) {
    if (refusal === null) storageError = error;
  }
  if (!stored) {
    // Read what is left, so the form goes on (and the next part, or the end, is reached).
    let broken = false;
    try {
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        size += (next.value as Buffer).length;
      }
    } catch {
      broken = true;
    }
    if (broken || (storageError !== null && sourceFailed)) {
      return { status: 400, error: { message: `The upload of “${filename}” was interrupted.`, extensions: { code: 'UPLOAD_INTERRUPTED' } } };
    }
    if (storageError !== null) {
      onError(storageError);
      return { status: 500, error: { message: `“${filename}” could not be stored. Please try again later.`, extensions: { code: 'UPLOAD_NOT_STORED' } } };
    }
    const error = refusal === 'size' ? rule.tooLarge(filename, size) : refusal === 'empty' ? rule.empty(filename) : typeError!;
    return { status: 200, error };
  }
  const first = firstBytes();
  const kind = classifyFile(first, filename);
  const mimetype = kind ? mimetypeOfKind(kind, first) : (sniffImageType(first) ?? 'application/octet-stream');
  return { upload: new StoredUpload(filename, mimetype, stored.size, stored.sha256, stored.key, first, stored.created) };
}

/**
 * Reads a GraphQL multipart request (github.com/jaydenseric/graphql-multipart-request-spec):
 * `operations`, then `map`, then the files. Each file streams straight into storage (never whole
 * in memory) and its variable slots receive a StoredUpload.
 */
export async function parseGraphqlMultipart(req: IncomingMessage, options: MultipartOptions): Promise<MultipartResult> {
  let form: busboy.Busboy;
  try {
    form = busboy({
      headers: req.headers,
      // Browsers send file names as raw UTF-8.
      defParamCharset: 'utf8',
      limits: { fieldSize: MAX_FIELD_BYTES, fields: 2, files: options.maxFiles },
    });
  } catch (error) {
    return { ok: false, uploads: [], ...badRequest(`The request is not multipart/form-data: ${(error as Error).message}.`) };
  }

  let operation: GraphqlOperation | null = null;
  let map: Map<string, string[]> | null = null;
  let rulesFor: ((path: string) => UploadRule | null) | null = null;
  let failure: MultipartFailure | null = null;
  const received = new Map<string, StoredUpload | null>();
  const uploads: StoredUpload[] = [];
  const tasks: Promise<void>[] = [];
  const fail = (f: MultipartFailure) => {
    failure ??= f;
  };

  form.on('field', (name, value, info) => {
    if (failure) return;
    if (info.valueTruncated) return fail(badRequest(`The "${name}" field is larger than ${MAX_FIELD_BYTES} bytes.`));
    if (name === 'operations') {
      if (operation) return fail(badRequest('The "operations" field was sent twice.'));
      const parsed = parseOperations(value, options.persistedOperations ?? new Map());
      if ('status' in parsed) return fail(parsed);
      operation = parsed;
    } else if (name === 'map') {
      if (!operation) return fail(badRequest('The "operations" field must come before "map".'));
      const parsed = parseMap(value, operation, options.maxFiles);
      if (parsed instanceof Map) {
        map = parsed;
        rulesFor = options.rulesFor(operation);
      } else fail(parsed);
    } else {
      fail(badRequest(`Unexpected field "${name}": a GraphQL multipart request has "operations", "map" and the files.`));
    }
  });

  form.on('file', (name, stream, info) => {
    // A cut connection destroys the part's stream with an error, possibly before anyone reads it; the
    // reader sees that error itself, but an 'error' with no listener would end the process.
    stream.on('error', () => {});
    if (failure) return void stream.resume();
    if (!map || !rulesFor) {
      fail(badRequest('The "operations" and "map" fields must come before the files.'));
      return void stream.resume();
    }
    const paths = map.get(name);
    if (!paths) {
      fail(badRequest(`The file "${name}" is not in the map.`));
      return void stream.resume();
    }
    if (received.has(name)) {
      fail(badRequest(`The file "${name}" was sent twice.`));
      return void stream.resume();
    }
    received.set(name, null);
    const rule = ruleOf(paths, rulesFor);
    if (!rule) return void stream.resume();
    // Browsers write a double quote in a file name as %22 (HTML's form encoding); CR and LF are dropped anyway.
    const filename = cleanFilename((info.filename ?? '').replaceAll('%22', '"')) || 'upload';
    tasks.push(
      storeFile(stream, filename, rule, options.storage, options.onStorageError ?? (() => {})).then((outcome) => {
        if ('status' in outcome) return fail(outcome);
        if (outcome.upload) {
          uploads.push(outcome.upload);
          received.set(name, outcome.upload);
        }
      }),
    );
  });

  form.on('filesLimit', () => fail(badRequest(`Too many files: at most ${options.maxFiles} may be sent in one request.`)));
  form.on('fieldsLimit', () => fail(badRequest('Unexpected fields: a GraphQL multipart request has "operations", "map" and the files.')));

  try {
    await pipeline(req, form);
  } catch (error) {
    fail(badRequest(`The multipart request is malformed: ${(error as Error).message}.`));
  }
  await Promise.allSettled(tasks);

  if (failure) return { ok: false, uploads, ...(failure as MultipartFailure) };
  if (!operation) return { ok: false, uploads, ...badRequest('The "operations" field is missing.') };
  if (!map) return { ok: false, uploads, ...badRequest('The "map" field is missing.') };
  const op: GraphqlOperation = operation;
  for (const [name, paths] of map as Map<string, string[]>) {
    if (!received.has(name)) return { ok: false, uploads, ...badRequest(`The file "${name}" named in the map was not sent.`) };
    const upload = received.get(name) ?? null;
    for (const path of paths) {
      const slot = slotOf(op as unknown as Record<string, unknown>, path)!;
      (slot.parent as Record<string, unknown>)[slot.key] = upload;
    }
  }
  return { ok: true, operation: op, uploads };
}
