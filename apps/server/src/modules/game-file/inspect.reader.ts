import { startsWith } from './binary.reader';
import { readExact, type ByteSource } from './byte-source.reader';
import { gameFileError } from './game-file.errors';
import { readPackageIndex } from './dbpf.reader';
import { summarisePackage, type PackageSummary } from './package-summary.reader';
import { readResourceList, type ResourceList } from './resource-list.reader';
import { readScriptSummary, type ScriptSummary } from './script.reader';
import { isSims3Pack, readSims3PackSummary, type Sims3PackSummary } from './sims3pack.reader';
import { decodeTrayImage, DEFAULT_MAX_TRAY_BYTES, parseTrayFileName, readHouseholdBinary, readTrayItem, type HouseholdBinary, type TrayItem } from './tray.reader';

/**
 * Raised when the readers learn something new: contents inspected by an older version are read again.
 * 1: package summaries, tray items, household binaries and tray pictures.
 * 2: catalog objects' English names, descriptions and prices.
 * 3: a room's facts (size, price, height) from its .trayitem.
 * 4: CAS part names, name-map names, merged packages, Sims 2 object GUIDs; script mods' modules;
 *    .sims3pack manifests.
 * 5: each package resource's key, size and content fingerprint (what changed in an update). Since
 *    then a package's resource list is read only when an update's diff asks for it (readPackageResources),
 *    so the routine inspection reads no resource body beyond the English string tables and meshes.
 * 6: the highest-detail triangle counts of CAS parts and object models (mesh.reader.ts).
 */
export const READER_VERSION = 6;

export type InspectionFormat = 'package' | 'ts4script' | 'sims3pack' | 'trayitem' | 'householdbinary' | 'blueprint' | 'room' | 'tray-image' | 'other';

/** A package as stored: its summary, with the first 200 English texts. */
export type PackageInspection = PackageSummary;
export type HouseholdInspection = Omit<HouseholdBinary, 'trailing'> & { trailingBytes: number };
export interface TrayImageInspection {
  container: 'plain' | 'v1' | 'v2';
  format: 'jpeg' | 'png';
  hasAlpha: boolean;
  bytes: number;
}

/** What one content is and what the readers found in it; JSON-safe (ids are 16-digit hex strings). */
export type Inspection =
  | { format: 'package'; result: PackageInspection }
  | { format: 'ts4script'; result: ScriptSummary }
  | { format: 'sims3pack'; result: Sims3PackSummary }
  | { format: 'trayitem'; result: TrayItem }
  | { format: 'householdbinary'; result: HouseholdInspection }
  | { format: 'tray-image'; result: TrayImageInspection }
  | { format: 'blueprint'; result: null }
  | { format: 'room'; result: null }
  | { format: 'other'; result: null };

const MAGIC_DBPF = [0x44, 0x42, 0x50, 0x46];
const MAGIC_DBPP = [0x44, 0x42, 0x50, 0x50];
const STORED_STRINGS = 200;

/**
 * Reads one uploaded content by what its name and first bytes say it is. A package is read through
 * positioned reads (its header, its index, its English string tables); a tray file whole, within
 * the tray readers' size cap. Damage throws a GameFileError that says what is wrong; a content of
 * no known kind is `other`. Blueprints and rooms are recognised here and scanned for ids when a
 * creation asks what they use, against the ids the site knows then.
 */
export async function inspectContent(source: ByteSource, filename: string): Promise<Inspection> {
  const tray = parseTrayFileName(filename);
  if (tray) {
    if (tray.role === 'blueprint') return { format: 'blueprint', result: null };
    if (tray.role === 'room') return { format: 'room', result: null };
    const bytes = await wholeTrayFile(source);
    switch (tray.role) {
      case 'trayitem':
        return { format: 'trayitem', result: readTrayItem(bytes) };
      case 'householdbinary': {
        const { trailing, ...household } = readHouseholdBinary(bytes);
        return { format: 'householdbinary', result: { ...household, trailingBytes: trailing.length } };
      }
      default: {
        const picture = decodeTrayImage(bytes);
        return { format: 'tray-image', result: { container: picture.container, format: picture.format, hasAlpha: picture.alphaPng !== undefined, bytes: picture.image.length } };
      }
    }
  }
  if (/\.ts4script$/i.test(filename)) return { format: 'ts4script', result: await readScriptSummary(source) };
  const head = await readExact(source, 0, Math.min(source.size, 16));
  if (isSims3Pack(head)) return { format: 'sims3pack', result: await readSims3PackSummary(source) };
  if (startsWith(head, MAGIC_DBPF) || startsWith(head, MAGIC_DBPP)) {
    const index = await readPackageIndex(source);
    const summary = await summarisePackage(source, index);
    return {
      format: 'package',
      result: { ...summary, strings: summary.strings.slice(0, STORED_STRINGS), stringsComplete: summary.stringsComplete && summary.strings.length <= STORED_STRINGS },
    };
  }
  return { format: 'other', result: null };
}

/**
 * A package's resources with their keys, sizes and content fingerprints, for comparing two versions
 * (stored in `package_resources`). Not part of the routine inspection: fingerprinting reads every
 * resource body, so it runs only when an update's diff needs it.
 */
export async function readPackageResources(source: ByteSource): Promise<ResourceList> {
  const head = await readExact(source, 0, Math.min(source.size, 16));
  if (!startsWith(head, MAGIC_DBPF) && !startsWith(head, MAGIC_DBPP)) throw gameFileError('PACKAGE_NOT_DBPF', {});
  return readResourceList(source, (await readPackageIndex(source)).entries);
}

async function wholeTrayFile(source: ByteSource): Promise<Uint8Array> {
  if (source.size > DEFAULT_MAX_TRAY_BYTES) throw gameFileError('GAME_FILE_TOO_LARGE', { size: source.size, max: DEFAULT_MAX_TRAY_BYTES });
  return readExact(source, 0, source.size);
}
