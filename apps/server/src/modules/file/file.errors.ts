import { formatBytes, OBJECT_GUID_MESSAGE, UNZIP_MESSAGES, UPLOAD_MESSAGES, type FileKind } from '@corner/domain';
import { AppError, type ErrorCategory } from '../../errors';

export const FileErrorCode = {
  NOT_FOUND: 'FILE_NOT_FOUND',
  TOO_LARGE: 'FILE_TOO_LARGE',
  NOT_ACCEPTED: 'FILE_NOT_ACCEPTED',
  EMPTY: 'FILE_EMPTY',
  NAME_INVALID: 'FILE_NAME_INVALID',
  EXTENSION_CHANGED: 'FILE_EXTENSION_CHANGED',
  UPLOAD_LOST: 'FILE_UPLOAD_LOST',
  OBJECT_GUID_NOT_FOUND: 'OBJECT_GUID_NOT_FOUND',
  OBJECT_GUID_INVALID: 'OBJECT_GUID_INVALID',
  OBJECT_GUID_DUPLICATE: 'OBJECT_GUID_DUPLICATE',
  GAME_ITEM_NOT_FOUND: 'GAME_ITEM_NOT_FOUND',
  GAME_ITEM_INVALID: 'GAME_ITEM_INVALID',
  SOURCE_MISSING: 'FILE_SOURCE_MISSING',
  SOURCE_AMBIGUOUS: 'FILE_SOURCE_AMBIGUOUS',
  FILENAME_MISSING: 'FILE_FILENAME_MISSING',
  DELETED: 'FILE_DELETED',
  KIND_CHANGED: 'FILE_KIND_CHANGED',
  SAME_CONTENT: 'FILE_SAME_CONTENT',
  VERSION_NOT_FOUND: 'FILE_VERSION_NOT_FOUND',
  NOT_IN_SUBMISSION: 'FILE_NOT_IN_SUBMISSION',
  CHANGE_DUPLICATE: 'FILE_CHANGE_DUPLICATE',
  NOT_A_ZIP: 'FILE_NOT_A_ZIP',
  UPLOAD_KEY_INVALID: 'FILE_UPLOAD_KEY_INVALID',
  UPLOAD_MISSING: 'FILE_UPLOAD_MISSING',
} as const;
export type FileErrorCode = (typeof FileErrorCode)[keyof typeof FileErrorCode];

/** What each kind of file is called in messages. */
const KIND_NAMES: Record<FileKind, string> = {
  'sims4-package': 'Sims 4 package',
  'sims3-package': 'Sims 3 package',
  'sims2-package': 'Sims 2 package',
  sims3pack: 'Sims 3 installer (.sims3pack)',
  ts4script: 'Sims 4 script mod (.ts4script)',
  zip: 'zip',
  'tray-item': 'tray item (.trayitem)',
  'household-binary': 'household file (.householdbinary)',
  blueprint: 'lot blueprint (.blueprint)',
  room: 'room file (.room)',
  'tray-image': 'tray picture',
  image: 'image',
};

function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** What each message needs to be exact. */
interface Params {
  FILE_NOT_FOUND: { id: number };
  FILE_TOO_LARGE: { filename: string; size: number; max: number };
  FILE_NOT_ACCEPTED: { filename: string };
  FILE_EMPTY: { filename: string };
  FILE_NAME_INVALID: Record<string, never>;
  FILE_EXTENSION_CHANGED: { extension: string };
  FILE_UPLOAD_LOST: { filename: string };
  OBJECT_GUID_NOT_FOUND: { id: number };
  OBJECT_GUID_INVALID: Record<string, never>;
  OBJECT_GUID_DUPLICATE: { guid: string };
  GAME_ITEM_NOT_FOUND: { id: number };
  GAME_ITEM_INVALID: { message: string };
  FILE_SOURCE_MISSING: Record<string, never>;
  FILE_SOURCE_AMBIGUOUS: Record<string, never>;
  FILE_FILENAME_MISSING: Record<string, never>;
  FILE_DELETED: { id: number };
  FILE_KIND_CHANGED: { filename: string; kind: FileKind; expected: FileKind };
  FILE_SAME_CONTENT: { filename: string; version: number };
  FILE_VERSION_NOT_FOUND: { id: number; version: number };
  FILE_NOT_IN_SUBMISSION: { id: number; submissionId: number };
  FILE_CHANGE_DUPLICATE: { id: number };
  FILE_NOT_A_ZIP: { filename: string };
  FILE_UPLOAD_KEY_INVALID: Record<string, never>;
  FILE_UPLOAD_MISSING: { filename: string };
}

const MESSAGES: { [C in FileErrorCode]: (p: Params[C]) => string } = {
  FILE_NOT_FOUND: (p) => `File ${p.id} was not found.`,
  FILE_TOO_LARGE: (p) => UPLOAD_MESSAGES.fileTooLarge(p.filename, p.size, p.max),
  FILE_NOT_ACCEPTED: (p) => UPLOAD_MESSAGES.fileNotAccepted(p.filename),
  FILE_EMPTY: (p) => UPLOAD_MESSAGES.empty(p.filename),
  FILE_NAME_INVALID: () => 'Enter a file name.',
  FILE_EXTENSION_CHANGED: (p) => (p.extension ? `The new name must keep the extension “.${p.extension}”.` : 'The new name must not add an extension.'),
  FILE_UPLOAD_LOST: (p) => `“${p.filename}” could not be kept. Please upload it again.`,
  OBJECT_GUID_NOT_FOUND: (p) => `Object GUID ${p.id} was not found.`,
  OBJECT_GUID_INVALID: () => OBJECT_GUID_MESSAGE,
  OBJECT_GUID_DUPLICATE: (p) => `The object GUID ${p.guid} is already listed for this creation.`,
  GAME_ITEM_NOT_FOUND: (p) => `Game item ${p.id} was not found.`,
  GAME_ITEM_INVALID: (p) => p.message,
  FILE_SOURCE_MISSING: () => 'Choose a file to upload, or send the key of a finished direct upload with its file name.',
  FILE_SOURCE_AMBIGUOUS: () => 'Send either a file, or the key of a direct upload with its file name, not both.',
  FILE_FILENAME_MISSING: () => 'Send the file’s name with the direct upload’s key.',
  FILE_DELETED: (p) => `File ${p.id} is deleted. Restore it first.`,
  FILE_KIND_CHANGED: (p) =>
    `“${p.filename}” is ${withArticle(KIND_NAMES[p.kind])}. This file is ${withArticle(KIND_NAMES[p.expected])}, so it can only be replaced by another ${KIND_NAMES[p.expected]}.`,
  FILE_SAME_CONTENT: (p) => `“${p.filename}” is the same as version ${p.version}, the newest one. Choose the changed file.`,
  FILE_VERSION_NOT_FOUND: (p) => `File ${p.id} has no version ${p.version}.`,
  FILE_NOT_IN_SUBMISSION: (p) => `File ${p.id} is not a file of creation ${p.submissionId}.`,
  FILE_CHANGE_DUPLICATE: (p) => `File ${p.id} is listed more than once.`,
  FILE_NOT_A_ZIP: (p) => UNZIP_MESSAGES.notAZip(p.filename),
  FILE_UPLOAD_KEY_INVALID: () => 'This is not an upload key from getFileUploadUrl. Upload the file again.',
  FILE_UPLOAD_MISSING: (p) => `“${p.filename}” was not uploaded, or its upload expired. Please upload it again.`,
};

const CATEGORY: Record<FileErrorCode, ErrorCategory> = {
  FILE_NOT_FOUND: 'not_found',
  FILE_TOO_LARGE: 'validation',
  FILE_NOT_ACCEPTED: 'validation',
  FILE_EMPTY: 'validation',
  FILE_NAME_INVALID: 'validation',
  FILE_EXTENSION_CHANGED: 'validation',
  FILE_UPLOAD_LOST: 'conflict',
  OBJECT_GUID_NOT_FOUND: 'not_found',
  OBJECT_GUID_INVALID: 'validation',
  OBJECT_GUID_DUPLICATE: 'validation',
  GAME_ITEM_NOT_FOUND: 'not_found',
  GAME_ITEM_INVALID: 'validation',
  FILE_SOURCE_MISSING: 'validation',
  FILE_SOURCE_AMBIGUOUS: 'validation',
  FILE_FILENAME_MISSING: 'validation',
  FILE_DELETED: 'conflict',
  FILE_KIND_CHANGED: 'validation',
  FILE_SAME_CONTENT: 'validation',
  FILE_VERSION_NOT_FOUND: 'validation',
  FILE_NOT_IN_SUBMISSION: 'validation',
  FILE_CHANGE_DUPLICATE: 'validation',
  FILE_NOT_A_ZIP: 'validation',
  FILE_UPLOAD_KEY_INVALID: 'validation',
  FILE_UPLOAD_MISSING: 'conflict',
};

/** The argument a validation error belongs to (Lighthouse's `extensions.validation` map). */
const FIELD: Partial<Record<FileErrorCode, string>> = {
  FILE_TOO_LARGE: 'file',
  FILE_NOT_ACCEPTED: 'file',
  FILE_EMPTY: 'file',
  FILE_NAME_INVALID: 'filename',
  FILE_EXTENSION_CHANGED: 'filename',
  OBJECT_GUID_INVALID: 'object_guid',
  OBJECT_GUID_DUPLICATE: 'object_guid',
  FILE_SOURCE_MISSING: 'file',
  FILE_SOURCE_AMBIGUOUS: 'file',
  FILE_FILENAME_MISSING: 'filename',
  FILE_KIND_CHANGED: 'file',
  FILE_SAME_CONTENT: 'file',
  FILE_VERSION_NOT_FOUND: 'published_version',
  FILE_NOT_IN_SUBMISSION: 'files',
  FILE_CHANGE_DUPLICATE: 'files',
  FILE_NOT_A_ZIP: 'fileId',
  FILE_UPLOAD_KEY_INVALID: 'key',
};

export function fileError<C extends FileErrorCode>(code: C, params: Params[C], extra: Record<string, unknown> = {}): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], { ...(field ? { validation: { [field]: [message] } } : {}), ...extra });
}

export function fileTooLarge(filename: string, size: number, max: number): AppError {
  return fileError('FILE_TOO_LARGE', { filename, size, max }, { size, max, maxText: formatBytes(max) });
}
