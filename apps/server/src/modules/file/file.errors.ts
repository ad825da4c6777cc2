import { formatBytes, OBJECT_GUID_MESSAGE, UNZIP_MESSAGES, UPLOAD_MESSAGES, type FileKind } from '@corner/domain';
import { defineErrors, type AppError, type ErrorCodeOf } from '../../errors';

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

export const fileError = defineErrors({
  FILE_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `File ${p.id} was not found.` },
  FILE_TOO_LARGE: {
    category: 'validation',
    field: 'file',
    message: (p: { filename: string; size: number; max: number }) => UPLOAD_MESSAGES.fileTooLarge(p.filename, p.size, p.max),
    // Sizes in `extensions` too: the web app may show its own wording.
    extensions: (p) => ({ size: p.size, max: p.max, maxText: formatBytes(p.max) }),
  },
  FILE_NOT_ACCEPTED: { category: 'validation', field: 'file', message: (p: { filename: string }) => UPLOAD_MESSAGES.fileNotAccepted(p.filename) },
  FILE_EMPTY: { category: 'validation', field: 'file', message: (p: { filename: string }) => UPLOAD_MESSAGES.empty(p.filename) },
  FILE_NAME_INVALID: { category: 'validation', field: 'filename', message: () => 'Enter a file name.' },
  FILE_EXTENSION_CHANGED: {
    category: 'validation',
    field: 'filename',
    message: (p: { extension: string }) =>
      p.extension ? `The new name must keep the extension “.${p.extension}”.` : 'The new name must not add an extension.',
  },
  FILE_UPLOAD_LOST: { category: 'conflict', message: (p: { filename: string }) => `“${p.filename}” could not be kept. Please upload it again.` },
  OBJECT_GUID_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Object GUID ${p.id} was not found.` },
  OBJECT_GUID_INVALID: { category: 'validation', field: 'object_guid', message: () => OBJECT_GUID_MESSAGE },
  OBJECT_GUID_FROM_FILE: {
    category: 'conflict',
    field: 'object_guid',
    message: () => 'This object GUID was read from one of the creation’s files; it changes when the file does.',
  },
  OBJECT_GUID_DUPLICATE: {
    category: 'validation',
    field: 'object_guid',
    message: (p: { guid: string }) => `The object GUID ${p.guid} is already listed for this creation.`,
  },
  GAME_ITEM_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Game item ${p.id} was not found.` },
  /** `validation` maps each field of the game item to its messages; the first one is the message. */
  GAME_ITEM_INVALID: {
    category: 'validation',
    message: (p: { validation: Record<string, string[]> }) => Object.values(p.validation)[0]?.[0] ?? 'The game item is not valid.',
    extensions: (p) => ({ validation: p.validation }),
  },
  FILE_SOURCE_MISSING: {
    category: 'validation',
    field: 'file',
    message: () => 'Choose a file to upload, or send the key of a finished direct upload with its file name.',
  },
  FILE_SOURCE_AMBIGUOUS: {
    category: 'validation',
    field: 'file',
    message: () => 'Send either a file, or the key of a direct upload with its file name, not both.',
  },
  FILE_FILENAME_MISSING: { category: 'validation', field: 'filename', message: () => 'Send the file’s name with the direct upload’s key.' },
  FILE_DELETED: { category: 'conflict', message: (p: { id: number }) => `File ${p.id} is deleted. Restore it first.` },
  FILE_KIND_CHANGED: {
    category: 'validation',
    field: 'file',
    message: (p: { filename: string; kind: FileKind; expected: FileKind }) =>
      `“${p.filename}” is ${withArticle(KIND_NAMES[p.kind])}. This file is ${withArticle(KIND_NAMES[p.expected])}, so it can only be replaced by another ${KIND_NAMES[p.expected]}.`,
  },
  FILE_SAME_CONTENT: {
    category: 'validation',
    field: 'file',
    message: (p: { filename: string; version: number }) => `“${p.filename}” is the same as version ${p.version}, the newest one. Choose the changed file.`,
  },
  FILE_VERSION_NOT_FOUND: {
    category: 'validation',
    field: 'published_version',
    message: (p: { id: number; version: number }) => `File ${p.id} has no version ${p.version}.`,
  },
  FILE_NOT_IN_SUBMISSION: {
    category: 'validation',
    field: 'files',
    message: (p: { id: number; submissionId: number }) => `File ${p.id} is not a file of creation ${p.submissionId}.`,
  },
  FILE_CHANGE_DUPLICATE: { category: 'validation', field: 'files', message: (p: { id: number }) => `File ${p.id} is listed more than once.` },
  FILE_NOT_A_ZIP: { category: 'validation', field: 'fileId', message: (p: { filename: string }) => UNZIP_MESSAGES.notAZip(p.filename) },
  FILE_UPLOAD_KEY_INVALID: {
    category: 'validation',
    field: 'key',
    message: () => 'This is not an upload key from getFileUploadUrl. Upload the file again.',
  },
  FILE_UPLOAD_MISSING: {
    category: 'conflict',
    message: (p: { filename: string }) => `“${p.filename}” was not uploaded, or its upload expired. Please upload it again.`,
  },
});
export type FileErrorCode = ErrorCodeOf<typeof fileError>;

export function fileTooLarge(filename: string, size: number, max: number): AppError {
  return fileError('FILE_TOO_LARGE', { filename, size, max });
}
