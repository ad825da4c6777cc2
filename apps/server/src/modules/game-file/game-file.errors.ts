import { formatBytes } from '@corner/domain';
import { AppError, defineErrors, type ErrorCodeOf } from '../../errors';

/** The tray files with a protobuf body, as their extension. */
export type TrayDataExtension = 'trayitem' | 'householdbinary';

/**
 * A game file could not be read. The readers do not know which upload argument the bytes came
 * from, so unlike other modules' errors there is no `validation` field map: the caller adds it.
 */
export class GameFileError extends AppError {
  declare readonly code: GameFileErrorCode;
}

/** What each kind of game file is called when a file turns out not to be one. */
const KIND_NAMES = {
  package: 'a game package (.package)',
  ts4script: 'a script mod (.ts4script)',
  sims3pack: 'a Sims 3 installer (.sims3pack)',
  trayitem: 'a tray item (.trayitem)',
  householdbinary: 'a household’s data (.householdbinary)',
  blueprint: 'a lot’s blueprint (.blueprint)',
  room: 'a room (.room)',
  'tray-image': 'a tray picture (.bpi, .hhi, .sgi or .rmi)',
} as const;

/** The kinds of game file a caller may ask about (GAME_FILE_OTHER_KIND names the one asked). */
export type GameFileKind = keyof typeof KIND_NAMES;

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(4, '0')}`;

const THUMBNAIL_REASONS = {
  'not-jpeg': 'This thumbnail is not a JPEG picture.',
  damaged: 'This thumbnail is damaged: its JPEG picture is cut short or broken.',
  alpha: 'This thumbnail is damaged: its transparency mask is cut short or is not a PNG picture.',
} as const;

/**
 * Why a game file (a .package, a tray file, a thumbnail) could not be read. Every reader in this
 * module throws only GameFileError with one of these codes on bad input, so a caller can show the
 * message to the creator as it is. The params travel in `extensions` too.
 */
export const gameFileError = defineErrors(
  {
    PACKAGE_NOT_DBPF: {
      category: 'validation',
      message: () => 'This is not a game package: a .package file starts with “DBPF”, and this one does not.',
    },
    PACKAGE_PROTECTED: {
      category: 'validation',
      message: () => 'This .package file is protected (DBPP) and cannot be read. Upload the unprotected package.',
    },
    PACKAGE_VERSION_UNKNOWN: {
      category: 'validation',
      message: (p: { major: number; minor: number }) =>
        `This .package file has version ${p.major}.${p.minor}, which is not a Sims 2, Sims 3 or Sims 4 package.`,
    },
    PACKAGE_HEADER_TRUNCATED: {
      category: 'validation',
      message: (p: { size: number }) =>
        `This .package file is cut short: it is ${formatBytes(p.size)}, smaller than a package header. Please upload it again.`,
    },
    PACKAGE_HEADER_INVALID: { category: 'validation', message: () => 'This .package file is damaged: its header is not one the game writes.' },
    PACKAGE_INDEX_TRUNCATED: {
      category: 'validation',
      message: () => 'This .package file is cut short: its index ends past the end of the file. Please upload it again.',
    },
    PACKAGE_INDEX_INVALID: {
      category: 'validation',
      message: () => 'This .package file is damaged: its index does not match the number of resources it lists.',
    },
    PACKAGE_TOO_MANY_RESOURCES: {
      category: 'validation',
      message: (p: { count: number; max: number }) =>
        `This .package file lists ${p.count.toLocaleString('en-US')} resources; at most ${p.max.toLocaleString('en-US')} can be read. Split it into smaller packages.`,
    },
    PACKAGE_RESOURCE_TRUNCATED: {
      category: 'validation',
      message: () => 'This .package file is cut short: a resource ends past the end of the file. Please upload it again.',
    },
    PACKAGE_RESOURCE_DELETED: { category: 'validation', message: () => 'This resource is marked as deleted in the package and has no content.' },
    PACKAGE_RESOURCE_STREAMABLE: {
      category: 'validation',
      message: () => 'This resource uses the game’s streamable compression, which cannot be read here.',
    },
    PACKAGE_RESOURCE_COMPRESSION_UNKNOWN: {
      category: 'validation',
      message: (p: { compression: number }) =>
        `A resource in this .package file uses an unknown compression (${hex(p.compression)}), so it cannot be read.`,
    },
    PACKAGE_RESOURCE_CORRUPT: { category: 'validation', message: () => 'A resource in this .package file is damaged: it could not be unpacked.' },
    PACKAGE_RESOURCE_TOO_LARGE: {
      category: 'validation',
      message: (p: { size: number; max: number }) =>
        `A resource in this .package file is too large to read here (${formatBytes(p.size)}; at most ${formatBytes(p.max)}).`,
    },
    PACKAGE_STRING_TABLE_INVALID: {
      category: 'validation',
      message: () => 'A string table in this .package file is damaged: its texts could not be read.',
    },
    THUMBNAIL_INVALID: { category: 'validation', message: (p: { reason: keyof typeof THUMBNAIL_REASONS }) => THUMBNAIL_REASONS[p.reason] },
    TRAY_FILE_TRUNCATED: {
      category: 'validation',
      message: (p: { ext: TrayDataExtension }) => `This .${p.ext} file is cut short: it ends before its contents do. Please upload it again.`,
    },
    TRAY_FILE_INVALID: {
      category: 'validation',
      message: (p: { ext: TrayDataExtension }) => `This .${p.ext} file is damaged: its contents could not be read.`,
    },
    TRAY_IMAGE_TRUNCATED: {
      category: 'validation',
      message: () => 'This tray picture (.hhi, .sgi, .bpi or .rmi) is cut short. Please upload it again.',
    },
    TRAY_IMAGE_INVALID: {
      category: 'validation',
      message: () => 'This tray picture (.hhi, .sgi, .bpi or .rmi) is damaged: it does not hold a JPEG or PNG picture.',
    },
    GAME_FILE_TOO_LARGE: {
      category: 'validation',
      message: (p: { size: number; max: number }) =>
        `This file is too large to read here (${formatBytes(p.size)}; at most ${formatBytes(p.max)}).`,
    },
    SCRIPT_INVALID: {
      category: 'validation',
      message: (p: { reason: 'not-zip' | 'damaged' | 'zip64' }) =>
        p.reason === 'not-zip'
          ? 'This .ts4script file is not a zip archive: a script mod is a zip of Python modules.'
          : p.reason === 'zip64'
            ? 'This .ts4script file is a zip64 archive, which the game does not load. Zip it again without zip64.'
            : 'This .ts4script file is damaged: its list of modules could not be read.',
    },
    SIMS3PACK_INVALID: {
      category: 'validation',
      message: () => 'This .sims3pack file is damaged: its manifest could not be read.',
    },
    GAME_FILE_TOO_MANY_IDS: {
      category: 'validation',
      message: (p: { max: number }) =>
        `This file holds too much data to check for custom content (more than ${p.max.toLocaleString('en-US')} possible ids).`,
    },
    GAME_FILE_OVER_BUDGET: {
      category: 'validation',
      message: (p: { budget: 'time' | 'memory' }) =>
        p.budget === 'time'
          ? 'This file took too long to read, so it was not inspected. Staff can still open it.'
          : 'This file needs too much memory to read, so it was not inspected. Staff can still open it.',
    },
    GAME_FILE_UNREADABLE: { category: 'validation', message: () => 'This file could not be inspected.' },
    GAME_FILE_OTHER_KIND: {
      category: 'validation',
      message: (p: { asked: GameFileKind }) => `This file is not ${KIND_NAMES[p.asked]}.`,
    },
    GAME_FILE_READ_FAILED: {
      category: 'conflict',
      message: () => 'The file could not be read to the end; it may have changed while it was read. Please try again.',
    },
  },
  { error: GameFileError, extensions: (params) => ({ ...params }) },
);
export type GameFileErrorCode = ErrorCodeOf<typeof gameFileError>;

const CODES: ReadonlySet<string> = new Set(gameFileError.codes);

export function isGameFileErrorCode(value: unknown): value is GameFileErrorCode {
  return typeof value === 'string' && CODES.has(value);
}
