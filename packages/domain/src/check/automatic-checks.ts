import { fileExtension, type FileKind } from '../file/limits';
import type { ModelType } from '../submission/submission';

/**
 * The automatic checks of issue 15: what reviewers would refuse, told to the creator before they
 * wait. Each check is a pass, a warning or a failure with a message that says what to do; `pending`
 * while the server has not read the files it needs. Failures block submission, as the
 * completeness check does; warnings do not. The rules are data (the tables below, per kind) and
 * pure functions over what the server read, so step 5, the submit gate and the review page answer
 * alike.
 */
export type CheckOutcome = 'pass' | 'warning' | 'failure' | 'pending';

export const CHECK_IDS = ['fileSet', 'onlyTrayFiles', 'gameFiles', 'gameMatches', 'catalogNames', 'catalogThumbnails', 'polycount', 'imageSize', 'usedContent'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export interface CheckResult {
  id: CheckId;
  title: string;
  outcome: CheckOutcome;
  /** What is wrong and what to do; for a pass, what was checked. */
  message: string;
}

/** A file as the checks see it: its kind (from its first bytes) and what the readers found in it. */
export interface CheckedFile {
  filename: string;
  kind: FileKind | null;
  /** Whether the server has read it: catalog checks wait for `read`. */
  state: 'pending' | 'read' | 'failed';
  /** A package's catalog objects: English name and whether it has a thumbnail. */
  objects: { id: string; name: string | null; hasThumbnail: boolean }[];
  /** A package's highest-detail meshes and their triangles; null while they have not been counted. */
  meshes: CheckedMesh[] | null;
}

/** One CAS part's or object model's highest-detail (LOD0) mesh, as the server counted it. */
export interface CheckedMesh {
  id: string;
  kind: 'casPart' | 'model';
  /** A CAS part's body type (the game's BodyType number); null for models. */
  bodyType: number | null;
  triangles: number;
  /** False when the highest level of detail had to be guessed (then a limit only warns). */
  exact: boolean;
}

export interface CheckedImage {
  filename: string;
  width: number | null;
  height: number | null;
}

/** What a lot, room or household uses, matched to creations on the site. */
export interface CheckedUse {
  /** Still being read. */
  isPending: boolean;
  /** Creations on the site it uses, and whether each is a required item. */
  creations: { id: number; name: string; isRequired: boolean }[];
  /** Ids no creation on the site defines (households only). */
  unmatched: number;
}

export interface CheckInput {
  model_type: ModelType;
  game_version: number | null;
  files: CheckedFile[];
  images: CheckedImage[];
  used: CheckedUse;
  /** Whether the creation links anything by URL (content from elsewhere). */
  hasUrlRequiredItems: boolean;
  /** The polycount the creator gave in step 1: the maximum polycount where the kind has one, else the polycount. */
  declaredPolycount: number | null;
}

/** The roles of tray files, from their kind and extension. */
export type TrayRole = 'trayitem' | 'blueprint' | 'room' | 'householdbinary' | 'bpi' | 'hhi' | 'sgi' | 'rmi';

/** What each kind saved from the game's gallery must upload, and nothing else (SIMS-FORMATS.md, the site's rules). */
export const TRAY_FILE_SETS: Partial<Record<ModelType, { what: string; needs: readonly TrayRole[] }>> = {
  lot: { what: 'A lot', needs: ['trayitem', 'blueprint', 'bpi'] },
  room: { what: 'A room', needs: ['trayitem', 'room', 'rmi'] },
  sim: { what: 'A household', needs: ['trayitem', 'householdbinary', 'hhi', 'sgi'] },
};

/** The files a creation of each game may hold, by kind. */
export const GAME_FILE_KINDS: Record<number, readonly FileKind[]> = {
  4: ['sims4-package', 'ts4script', 'tray-item', 'household-binary', 'blueprint', 'room', 'tray-image'],
  3: ['sims3-package', 'sims3pack'],
  2: ['sims2-package'],
};

/** The kinds that must carry at least one game file of their game: items, sets and mods. */
const NEEDS_GAME_FILE: readonly ModelType[] = ['item', 'set', 'set_item', 'mod'];
/** Kinds that appear in the catalog with their own objects. */
const HAS_CATALOG: readonly ModelType[] = ['item', 'set', 'set_item'];

/** Screenshots: 4:3, from 920×690 to 1024×768 (the site's creator help). */
export const IMAGE_RULE = { ratio: 4 / 3, minWidth: 920, maxWidth: 1024 } as const;

/**
 * Highest-detail triangle limits of CAS parts by the game's BodyType (SIMS-FORMATS.md, "What
 * reviewers check"): hair 50,000 for alpha hair and 35,000 for Maxis match (the files do not tell
 * which, so past 35,000 it warns); full outfits 30,000; tops and bottoms 15,000; footwear 14,000;
 * hats and accessories 7,000. Build/buy limits go per floor tile, which the files do not give in a
 * form read here: objects are compared with the declared polycount only.
 */
export const POLYCOUNT_LIMITS: { what: string; bodyTypes: readonly number[]; limit: number; warnAbove?: number }[] = [
  { what: 'Hair', bodyTypes: [2], limit: 50_000, warnAbove: 35_000 },
  { what: 'A full outfit', bodyTypes: [5], limit: 30_000 },
  { what: 'A top', bodyTypes: [6], limit: 15_000 },
  { what: 'A bottom', bodyTypes: [7, 42], limit: 15_000 }, // lower body, tights
  { what: 'Footwear', bodyTypes: [8], limit: 14_000 },
  // Hats; cummerbunds, earrings, glasses, necklaces, gloves, bracelets, piercings and rings (9 to 27); socks.
  { what: 'An accessory', bodyTypes: [1, ...Array.from({ length: 19 }, (_, i) => 9 + i), 36], limit: 7_000 },
];

/** A declared polycount within this share (or 100 triangles) of what the files show agrees with them: tools count a little differently. */
export const POLYCOUNT_TOLERANCE = { share: 0.1, triangles: 100 } as const;

const TRAY_ROLE_OF_KIND: Partial<Record<FileKind, TrayRole>> = {
  'tray-item': 'trayitem',
  blueprint: 'blueprint',
  room: 'room',
  'household-binary': 'householdbinary',
};

export function trayRole(file: Pick<CheckedFile, 'filename' | 'kind'>): TrayRole | null {
  if (file.kind === 'tray-image') {
    const ext = fileExtension(file.filename);
    return ext === 'bpi' || ext === 'hhi' || ext === 'sgi' || ext === 'rmi' ? ext : null;
  }
  return (file.kind && TRAY_ROLE_OF_KIND[file.kind]) ?? null;
}

const TRAY_LABEL: Record<TrayRole, string> = {
  trayitem: 'its .trayitem',
  blueprint: 'its .blueprint',
  room: 'its .room',
  householdbinary: 'its .householdbinary',
  bpi: 'at least one .bpi picture',
  hhi: 'at least one .hhi picture',
  sgi: 'a .sgi picture of each sim',
  rmi: 'at least one .rmi picture',
};

const GAME_NAMES: Record<number, string> = { 4: 'The Sims 4', 3: 'The Sims 3', 2: 'The Sims 2', 1: 'The Sims' };
const GAME_OF_KIND: Partial<Record<FileKind, number>> = { 'sims3-package': 3, sims3pack: 3, 'sims2-package': 2 };

const list = (names: string[], max = 3) => (names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`);
const joinAnd = (parts: string[]) => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** Every check that applies to the creation's kind, in a fixed order. */
export function automaticChecks(input: CheckInput): CheckResult[] {
  const results: CheckResult[] = [];
  const add = (id: CheckId, title: string, outcome: CheckOutcome, message: string) => results.push({ id, title, outcome, message });
  const set = TRAY_FILE_SETS[input.model_type];
  const game = input.game_version ?? 4;

  if (set) {
    const roles = new Set(input.files.map(trayRole).filter((r): r is TrayRole => r !== null));
    const missing = set.needs.filter((role) => !roles.has(role));
    if (missing.length === 0) add('fileSet', 'Tray files', 'pass', `${set.what}'s files are all there: ${joinAnd(set.needs.map((r) => TRAY_LABEL[r].replace('its ', '')))}.`);
    else {
      add(
        'fileSet',
        'Tray files',
        'failure',
        `${set.what} needs ${joinAnd(set.needs.map((r) => TRAY_LABEL[r]))}; ${joinAnd(missing.map((r) => TRAY_LABEL[r].replace(/^(its|at least one|a) /, '')))} ${missing.length === 1 ? 'is' : 'are'} missing. Find them in the game's Tray folder (Documents/Electronic Arts/The Sims 4/Tray) and upload them.`,
      );
    }
    const others = input.files.filter((f) => trayRole(f) === null).map((f) => f.filename);
    if (others.length === 0) add('onlyTrayFiles', 'Nothing but tray files', 'pass', `${set.what} upload holds only its tray files.`);
    else {
      add(
        'onlyTrayFiles',
        'Nothing but tray files',
        'failure',
        `${set.what} upload may hold only its tray files, no custom content: remove ${list(others)}. Link the custom content it uses as required items instead.`,
      );
    }
  }

  if (NEEDS_GAME_FILE.includes(input.model_type)) {
    const ofGame = GAME_FILE_KINDS[game] ?? [];
    const hasGameFile = input.files.some((f) => f.kind !== null && ofGame.includes(f.kind) && (game !== 4 || f.kind === 'sims4-package' || f.kind === 'ts4script'));
    const needs = game === 4 ? 'a Sims 4 package (.package) or script mod (.ts4script)' : `a ${GAME_NAMES[game] ?? 'game'} package`;
    add('gameFiles', 'Game files', hasGameFile ? 'pass' : 'failure', hasGameFile ? `It holds ${needs}.` : `Upload at least ${needs}: it is what visitors download.`);
  }

  const foreign = input.files.filter((f) => {
    const of = f.kind ? (GAME_OF_KIND[f.kind] ?? (f.kind === 'zip' || f.kind === 'image' ? null : 4)) : null;
    return of !== null && of !== game;
  });
  add(
    'gameMatches',
    'Files of the right game',
    foreign.length === 0 ? 'pass' : 'failure',
    foreign.length === 0
      ? `Every game file is for ${GAME_NAMES[game] ?? 'its game'}.`
      : `This creation is for ${GAME_NAMES[game] ?? 'its game'}, but ${list(foreign.map((f) => f.filename))} ${foreign.length === 1 ? 'is' : 'are'} for another game. Remove ${foreign.length === 1 ? 'it' : 'them'}, or change the game in step 1.`,
  );

  if (HAS_CATALOG.includes(input.model_type)) {
    const packages = input.files.filter((f) => f.kind === 'sims4-package');
    const isPending = packages.some((f) => f.state === 'pending');
    const objects = packages.flatMap((f) => f.objects.map((o) => ({ ...o, filename: f.filename })));
    const unnamed = objects.filter((o) => !o.name);
    const noThumbnail = objects.filter((o) => !o.hasThumbnail);
    if (isPending) {
      add('catalogNames', 'Catalog names', 'pending', 'Reading your packages…');
      add('catalogThumbnails', 'Catalog thumbnails', 'pending', 'Reading your packages…');
    } else {
      add(
        'catalogNames',
        'Catalog names',
        unnamed.length === 0 ? 'pass' : 'failure',
        unnamed.length === 0
          ? `Every catalog object (${objects.length}) has an English name.`
          : `${unnamed.length} catalog object${unnamed.length === 1 ? ' has' : 's have'} no English name (${list(unnamed.map((o) => o.id))}): players see a blank name. Add English (locale 00) texts to the package's string table.`,
      );
      add(
        'catalogThumbnails',
        'Catalog thumbnails',
        noThumbnail.length === 0 ? 'pass' : 'warning',
        noThumbnail.length === 0
          ? `Every catalog object (${objects.length}) has a thumbnail.`
          : `${noThumbnail.length} catalog object${noThumbnail.length === 1 ? ' has' : 's have'} no thumbnail (${list(noThumbnail.map((o) => o.name ?? o.id))}): players see a blank tile in Build/Buy.`,
      );
    }
  }

  if (HAS_CATALOG.includes(input.model_type)) {
    const polycount = polycountCheck(input);
    if (polycount) add('polycount', 'Polycount', polycount.outcome, polycount.message);
  }

  if (input.images.length > 0) {
    const wrong = input.images.filter((i) => !fitsImageRule(i));
    add(
      'imageSize',
      'Picture sizes',
      wrong.length === 0 ? 'pass' : 'failure',
      wrong.length === 0
        ? 'Every picture is 4:3, between 920×690 and 1024×768.'
        : `Pictures must be 4:3, between 920×690 and 1024×768: ${list(wrong.map((i) => (i.width && i.height ? `${i.filename} is ${i.width}×${i.height}` : `${i.filename} has no size yet`)))}.`,
    );
  }

  if (set) {
    const notRequired = input.used.creations.filter((c) => !c.isRequired);
    if (input.used.isPending) add('usedContent', 'Custom content it uses', 'pending', 'Reading your tray files…');
    else if (notRequired.length > 0) {
      add(
        'usedContent',
        'Custom content it uses',
        'failure',
        `It uses ${list(notRequired.map((c) => `${c.name} (#${c.id})`))} from the site, not listed as required ${notRequired.length === 1 ? 'item' : 'items'}. Add ${notRequired.length === 1 ? 'it' : 'them'} in step 2 (one click) or step 4.`,
      );
    } else if (input.used.unmatched > 0 && !input.hasUrlRequiredItems) {
      add(
        'usedContent',
        'Custom content it uses',
        'warning',
        `${input.used.unmatched} id${input.used.unmatched === 1 ? ' is' : 's are'} not defined by any creation on the site: the game's own content, or content from elsewhere. Link content from elsewhere by URL in step 4.`,
      );
    } else {
      add('usedContent', 'Custom content it uses', 'pass', input.used.creations.length === 0 ? 'It uses no creation from the site.' : 'Every creation it uses from the site is a required item.');
    }
  }
  return results;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The polycount check: every CAS part within its body type's limit, and the declared polycount
 * close to the highest-detail mesh the files hold. Null when the files hold no package.
 */
function polycountCheck(input: CheckInput): { outcome: CheckOutcome; message: string } | null {
  const packages = input.files.filter((f) => f.kind === 'sims4-package');
  if (packages.length === 0) return null;
  if (packages.some((f) => f.state === 'pending' || (f.state === 'read' && f.meshes === null))) return { outcome: 'pending', message: 'Counting the triangles of your meshes…' };
  const meshes = packages.flatMap((f) => (f.meshes ?? []).map((m) => ({ ...m, filename: f.filename })));
  if (meshes.length === 0) return { outcome: 'pass', message: 'The packages hold no mesh of their own (a recolour uses its original’s), so there is nothing to count.' };

  const over = meshes.flatMap((m) => {
    const rule = m.bodyType === null ? undefined : POLYCOUNT_LIMITS.find((r) => r.bodyTypes.includes(m.bodyType!));
    if (!rule) return [];
    if (m.triangles > rule.limit) return [{ mesh: m, rule, limit: rule.limit, blocks: m.exact }];
    if (rule.warnAbove !== undefined && m.triangles > rule.warnAbove) return [{ mesh: m, rule, limit: rule.warnAbove, blocks: false }];
    return [];
  });
  if (over.length > 0) {
    const blocks = over.some((o) => o.blocks);
    const what = over.map((o) => `${o.rule.what} in ${o.mesh.filename} has ${count(o.mesh.triangles)} triangles (at most ${count(o.limit)}${o.rule.warnAbove === o.limit ? ' for Maxis match' : ''})`);
    return {
      outcome: blocks ? 'failure' : 'warning',
      message: `${joinAnd(what)}. Reduce the highest-detail mesh (LOD 0)${blocks ? '' : ', or tell the reviewer why in the notes'}.`,
    };
  }

  const highest = Math.max(...meshes.map((m) => m.triangles));
  const guessed = meshes.every((m) => !m.exact) ? ' (its level of detail could not be read for certain)' : '';
  const declared = input.declaredPolycount;
  if (declared === null) {
    return { outcome: 'warning', message: `Give the polycount in step 1: the files’ highest-detail mesh has ${count(highest)} triangles${guessed}.` };
  }
  const tolerance = Math.max(POLYCOUNT_TOLERANCE.triangles, highest * POLYCOUNT_TOLERANCE.share);
  if (Math.abs(declared - highest) > tolerance) {
    return {
      outcome: 'warning',
      message: `The polycount given in step 1 is ${count(declared)}, but the files’ highest-detail mesh has ${count(highest)} triangles${guessed}. Correct it in step 1 so that players know what they download.`,
    };
  }
  return { outcome: 'pass', message: `The polycount given (${count(declared)}) matches the files’ highest-detail mesh (${count(highest)} triangles).` };
}

export function fitsImageRule(image: Pick<CheckedImage, 'width' | 'height'>): boolean {
  const { width, height } = image;
  if (!width || !height) return false;
  return width >= IMAGE_RULE.minWidth && width <= IMAGE_RULE.maxWidth && Math.abs(width * 3 - height * 4) <= 4;
}

/** Whether the checks let the creation be submitted: no failure (pending ones wait, they do not block). */
export function blockingChecks(results: readonly CheckResult[]): CheckResult[] {
  return results.filter((r) => r.outcome === 'failure');
}
