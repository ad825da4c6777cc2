import { formatBytes, OBJECT_GUID_MESSAGE, UPLOAD_MESSAGES } from '@corner/domain';
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
} as const;
export type FileErrorCode = (typeof FileErrorCode)[keyof typeof FileErrorCode];

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
};

export function fileError<C extends FileErrorCode>(code: C, params: Params[C], extra: Record<string, unknown> = {}): AppError {
  const message = MESSAGES[code](params);
  const field = FIELD[code];
  return new AppError(code, message, CATEGORY[code], { ...(field ? { validation: { [field]: [message] } } : {}), ...extra });
}

export function fileTooLarge(filename: string, size: number, max: number): AppError {
  return fileError('FILE_TOO_LARGE', { filename, size, max }, { size, max, maxText: formatBytes(max) });
}
