import { decodeUtf8 } from './binary.reader';
import { readExact, type ByteSource } from './byte-source.reader';
import { gameFileError } from './game-file.errors';

/** What a script mod (.ts4script, a zip of Python modules) holds. */
export interface ScriptSummary {
  /** Entries of the zip, folders included. */
  entryCount: number;
  /** Python modules as dotted names ("mymod.settings"), up to `MAX_LISTED_MODULES`. */
  modules: string[];
  /** Whether it carries Python source (.py): reviewers can read it. */
  hasSource: boolean;
  /** Whether it carries compiled modules (.pyc), which the game runs. */
  hasCompiled: boolean;
}

export const MAX_LISTED_MODULES = 500;
/** The largest central directory read (a script mod's is a few KB). */
export const MAX_CENTRAL_DIRECTORY_BYTES = 8 * 1024 * 1024;
const EOCD_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
/** The end record may be followed by a comment of up to 64 KiB. */
const EOCD_SEARCH = EOCD_MIN + 0xffff;

/**
 * Lists a .ts4script's modules from the zip's central directory: the end record (found from the
 * end of the file), then the directory, by positioned reads; no entry is unpacked. Every length is
 * checked against what was read.
 */
export async function readScriptSummary(source: ByteSource): Promise<ScriptSummary> {
  if (source.size < EOCD_MIN) throw gameFileError('SCRIPT_INVALID', { reason: 'not-zip' });
  const tailLength = Math.min(source.size, EOCD_SEARCH);
  const tail = await readExact(source, source.size - tailLength, tailLength);
  const tailView = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let end = -1;
  for (let at = tail.length - EOCD_MIN; at >= 0; at -= 1) {
    if (tailView.getUint32(at, true) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw gameFileError('SCRIPT_INVALID', { reason: 'not-zip' });
  const total = tailView.getUint16(end + 10, true);
  const directorySize = tailView.getUint32(end + 12, true);
  const directoryOffset = tailView.getUint32(end + 16, true);
  if (total === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) throw gameFileError('SCRIPT_INVALID', { reason: 'zip64' });
  if (directorySize > MAX_CENTRAL_DIRECTORY_BYTES || directoryOffset + directorySize > source.size) throw gameFileError('SCRIPT_INVALID', { reason: 'damaged' });
  const directory = await readExact(source, directoryOffset, directorySize);
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const modules = new Set<string>();
  let hasSource = false;
  let hasCompiled = false;
  let at = 0;
  for (let n = 0; n < total; n += 1) {
    if (at + 46 > directory.length || view.getUint32(at, true) !== ENTRY_SIGNATURE) throw gameFileError('SCRIPT_INVALID', { reason: 'damaged' });
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > directory.length) throw gameFileError('SCRIPT_INVALID', { reason: 'damaged' });
    const name = decodeUtf8(directory.subarray(at + 46, at + 46 + nameLength)).replaceAll('\\', '/');
    const python = /^(.+)\.(py|pyc)$/i.exec(name);
    if (python) {
      if (python[2]!.toLowerCase() === 'py') hasSource = true;
      else hasCompiled = true;
      const module = python[1]!.replace(/\/__init__$/, '').replaceAll('/', '.');
      if (modules.size < MAX_LISTED_MODULES) modules.add(module);
    }
    at = next;
  }
  return { entryCount: total, modules: [...modules], hasSource, hasCompiled };
}
