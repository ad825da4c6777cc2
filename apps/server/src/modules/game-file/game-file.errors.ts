import { formatBytes } from '@corner/domain';
import { AppError, type ErrorCategory } from '../../errors';

/**
 * Why a game file (a .package, a tray file, a thumbnail) could not be read. Every reader in this
 * module throws only GameFileError with one of these codes on bad input, so a caller can show the
 * message to the creator as it is.
 */
export const GameFileErrorCode = {
  PACKAGE_NOT_DBPF: 'PACKAGE_NOT_DBPF',
  PACKAGE_PROTECTED: 'PACKAGE_PROTECTED',
  PACKAGE_VERSION_UNKNOWN: 'PACKAGE_VERSION_UNKNOWN',
  PACKAGE_HEADER_TRUNCATED: 'PACKAGE_HEADER_TRUNCATED',
  PACKAGE_HEADER_INVALID: 'PACKAGE_HEADER_INVALID',
  PACKAGE_INDEX_TRUNCATED: 'PACKAGE_INDEX_TRUNCATED',
  PACKAGE_INDEX_INVALID: 'PACKAGE_INDEX_INVALID',
  PACKAGE_TOO_MANY_RESOURCES: 'PACKAGE_TOO_MANY_RESOURCES',
  RESOURCE_TRUNCATED: 'PACKAGE_RESOURCE_TRUNCATED',
  RESOURCE_DELETED: 'PACKAGE_RESOURCE_DELETED',
  RESOURCE_STREAMABLE: 'PACKAGE_RESOURCE_STREAMABLE',
  RESOURCE_COMPRESSION_UNKNOWN: 'PACKAGE_RESOURCE_COMPRESSION_UNKNOWN',
  RESOURCE_CORRUPT: 'PACKAGE_RESOURCE_CORRUPT',
  RESOURCE_TOO_LARGE: 'PACKAGE_RESOURCE_TOO_LARGE',
  STRING_TABLE_INVALID: 'PACKAGE_STRING_TABLE_INVALID',
  THUMBNAIL_INVALID: 'THUMBNAIL_INVALID',
  TRAY_FILE_TRUNCATED: 'TRAY_FILE_TRUNCATED',
  TRAY_FILE_INVALID: 'TRAY_FILE_INVALID',
  TRAY_IMAGE_TRUNCATED: 'TRAY_IMAGE_TRUNCATED',
  TRAY_IMAGE_INVALID: 'TRAY_IMAGE_INVALID',
  TOO_LARGE: 'GAME_FILE_TOO_LARGE',
  TOO_MANY_IDS: 'GAME_FILE_TOO_MANY_IDS',
  READ_FAILED: 'GAME_FILE_READ_FAILED',
} as const;
export type GameFileErrorCode = (typeof GameFileErrorCode)[keyof typeof GameFileErrorCode];

const CODES: ReadonlySet<string> = new Set(Object.values(GameFileErrorCode));

export function isGameFileErrorCode(value: unknown): value is GameFileErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

/** The tray files with a protobuf body, as their extension. */
export type TrayDataExtension = 'trayitem' | 'householdbinary';

/** What each message needs to be exact. */
interface Params {
  PACKAGE_NOT_DBPF: Record<string, never>;
  PACKAGE_PROTECTED: Record<string, never>;
  PACKAGE_VERSION_UNKNOWN: { major: number; minor: number };
  PACKAGE_HEADER_TRUNCATED: { size: number };
  PACKAGE_HEADER_INVALID: Record<string, never>;
  PACKAGE_INDEX_TRUNCATED: Record<string, never>;
  PACKAGE_INDEX_INVALID: Record<string, never>;
  PACKAGE_TOO_MANY_RESOURCES: { count: number; max: number };
  PACKAGE_RESOURCE_TRUNCATED: Record<string, never>;
  PACKAGE_RESOURCE_DELETED: Record<string, never>;
  PACKAGE_RESOURCE_STREAMABLE: Record<string, never>;
  PACKAGE_RESOURCE_COMPRESSION_UNKNOWN: { compression: number };
  PACKAGE_RESOURCE_CORRUPT: Record<string, never>;
  PACKAGE_RESOURCE_TOO_LARGE: { size: number; max: number };
  PACKAGE_STRING_TABLE_INVALID: Record<string, never>;
  THUMBNAIL_INVALID: { reason: 'not-jpeg' | 'damaged' | 'alpha' };
  TRAY_FILE_TRUNCATED: { ext: TrayDataExtension };
  TRAY_FILE_INVALID: { ext: TrayDataExtension };
  TRAY_IMAGE_TRUNCATED: Record<string, never>;
  TRAY_IMAGE_INVALID: Record<string, never>;
  GAME_FILE_TOO_LARGE: { size: number; max: number };
  GAME_FILE_TOO_MANY_IDS: { max: number };
  GAME_FILE_READ_FAILED: Record<string, never>;
}

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(4, '0')}`;

const THUMBNAIL_REASONS: Record<Params['THUMBNAIL_INVALID']['reason'], string> = {
  'not-jpeg': 'This thumbnail is not a JPEG picture.',
  damaged: 'This thumbnail is damaged: its JPEG picture is cut short or broken.',
  alpha: 'This thumbnail is damaged: its transparency mask is cut short or is not a PNG picture.',
};

const MESSAGES: { [C in GameFileErrorCode]: (p: Params[C]) => string } = {
  PACKAGE_NOT_DBPF: () => 'This is not a game package: a .package file starts with “DBPF”, and this one does not.',
  PACKAGE_PROTECTED: () => 'This .package file is protected (DBPP) and cannot be read. Upload the unprotected package.',
  PACKAGE_VERSION_UNKNOWN: (p) =>
    `This .package file has version ${p.major}.${p.minor}, which is not a Sims 2, Sims 3 or Sims 4 package.`,
  PACKAGE_HEADER_TRUNCATED: (p) =>
    `This .package file is cut short: it is ${formatBytes(p.size)}, smaller than a package header. Please upload it again.`,
  PACKAGE_HEADER_INVALID: () => 'This .package file is damaged: its header is not one the game writes.',
  PACKAGE_INDEX_TRUNCATED: () => 'This .package file is cut short: its index ends past the end of the file. Please upload it again.',
  PACKAGE_INDEX_INVALID: () => 'This .package file is damaged: its index does not match the number of resources it lists.',
  PACKAGE_TOO_MANY_RESOURCES: (p) =>
    `This .package file lists ${p.count.toLocaleString('en-US')} resources; at most ${p.max.toLocaleString('en-US')} can be read. Split it into smaller packages.`,
  PACKAGE_RESOURCE_TRUNCATED: () =>
    'This .package file is cut short: a resource ends past the end of the file. Please upload it again.',
  PACKAGE_RESOURCE_DELETED: () => 'This resource is marked as deleted in the package and has no content.',
  PACKAGE_RESOURCE_STREAMABLE: () => 'This resource uses the game’s streamable compression, which cannot be read here.',
  PACKAGE_RESOURCE_COMPRESSION_UNKNOWN: (p) =>
    `A resource in this .package file uses an unknown compression (${hex(p.compression)}), so it cannot be read.`,
  PACKAGE_RESOURCE_CORRUPT: () => 'A resource in this .package file is damaged: it could not be unpacked.',
  PACKAGE_RESOURCE_TOO_LARGE: (p) =>
    `A resource in this .package file is too large to read here (${formatBytes(p.size)}; at most ${formatBytes(p.max)}).`,
  PACKAGE_STRING_TABLE_INVALID: () => 'A string table in this .package file is damaged: its texts could not be read.',
  THUMBNAIL_INVALID: (p) => THUMBNAIL_REASONS[p.reason],
  TRAY_FILE_TRUNCATED: (p) => `This .${p.ext} file is cut short: it ends before its contents do. Please upload it again.`,
  TRAY_FILE_INVALID: (p) => `This .${p.ext} file is damaged: its contents could not be read.`,
  TRAY_IMAGE_TRUNCATED: () => 'This tray picture (.hhi, .sgi, .bpi or .rmi) is cut short. Please upload it again.',
  TRAY_IMAGE_INVALID: () => 'This tray picture (.hhi, .sgi, .bpi or .rmi) is damaged: it does not hold a JPEG or PNG picture.',
  GAME_FILE_TOO_LARGE: (p) => `This file is too large to read here (${formatBytes(p.size)}; at most ${formatBytes(p.max)}).`,
  GAME_FILE_TOO_MANY_IDS: (p) =>
    `This file holds too much data to check for custom content (more than ${p.max.toLocaleString('en-US')} possible ids).`,
  GAME_FILE_READ_FAILED: () => 'The file could not be read to the end; it may have changed while it was read. Please try again.',
};

const CATEGORY: Record<GameFileErrorCode, ErrorCategory> = {
  PACKAGE_NOT_DBPF: 'validation',
  PACKAGE_PROTECTED: 'validation',
  PACKAGE_VERSION_UNKNOWN: 'validation',
  PACKAGE_HEADER_TRUNCATED: 'validation',
  PACKAGE_HEADER_INVALID: 'validation',
  PACKAGE_INDEX_TRUNCATED: 'validation',
  PACKAGE_INDEX_INVALID: 'validation',
  PACKAGE_TOO_MANY_RESOURCES: 'validation',
  PACKAGE_RESOURCE_TRUNCATED: 'validation',
  PACKAGE_RESOURCE_DELETED: 'validation',
  PACKAGE_RESOURCE_STREAMABLE: 'validation',
  PACKAGE_RESOURCE_COMPRESSION_UNKNOWN: 'validation',
  PACKAGE_RESOURCE_CORRUPT: 'validation',
  PACKAGE_RESOURCE_TOO_LARGE: 'validation',
  PACKAGE_STRING_TABLE_INVALID: 'validation',
  THUMBNAIL_INVALID: 'validation',
  TRAY_FILE_TRUNCATED: 'validation',
  TRAY_FILE_INVALID: 'validation',
  TRAY_IMAGE_TRUNCATED: 'validation',
  TRAY_IMAGE_INVALID: 'validation',
  GAME_FILE_TOO_LARGE: 'validation',
  GAME_FILE_TOO_MANY_IDS: 'validation',
  GAME_FILE_READ_FAILED: 'conflict',
};

/**
 * A game file could not be read. The readers do not know which upload argument the bytes came
 * from, so unlike other modules' errors there is no `validation` field map: the caller adds it.
 */
export class GameFileError extends AppError {
  declare readonly code: GameFileErrorCode;
}

export function gameFileError<C extends GameFileErrorCode>(code: C, params: Params[C]): GameFileError {
  return new GameFileError(code, MESSAGES[code](params), CATEGORY[code], { ...params });
}
