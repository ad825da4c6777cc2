/** Sims 4 resource types a content portal cares about (SIMS-FORMATS.md), by kind. */
export const RESOURCE_KIND_TYPES = {
  casPart: [0x034aeecb],
  catalogObject: [0x319e4f1d],
  objectDefinition: [0xc0db5ae7],
  stringTable: [0x220557da],
  simData: [0x545ac67a],
  combinedTuning: [0x62e94d38],
  objectTuning: [0xb61de6b4],
  image: [0x00b2d882],
  thumbnail: [0x3c1af1f2, 0x3c2a8647, 0x5b282d45, 0x0d338a3a, 0x3bd45407, 0xcd9de247, 0x9c925813],
  cwal: [0xd5f0f921],
  cflr: [0xb4f762c9],
  cfnd: [0x316c78f2],
  cstr: [0x049ca4cd],
  cral: [0x1c1cf1f7],
  cfen: [0x0418fe2a],
  crst: [0x91edbd3e],
  crmt: [0xf1edbd86],
  tone: [0x0354796a],
} as const satisfies Record<string, readonly number[]>;

export type ResourceKind = keyof typeof RESOURCE_KIND_TYPES | 'other';

export const RESOURCE_KINDS = [...(Object.keys(RESOURCE_KIND_TYPES) as (keyof typeof RESOURCE_KIND_TYPES)[]), 'other'] as const;

const KIND_OF_TYPE = new Map<number, ResourceKind>(
  Object.entries(RESOURCE_KIND_TYPES).flatMap(([kind, types]) => types.map((type) => [type, kind as ResourceKind] as const)),
);

export function resourceKind(type: number): ResourceKind {
  return KIND_OF_TYPE.get(type >>> 0) ?? 'other';
}

export const ResourceType = {
  CASP: 0x034aeecb,
  COBJ: 0x319e4f1d,
  OBJD: 0xc0db5ae7,
  STBL: 0x220557da,
  /** The name map: the names of a package's resources (tuning names among them). */
  NAME_MAP: 0x0166038c,
  /** Sims 2's object definition: its 32-bit object GUID at 0x5C. */
  SIMS2_OBJD: 0x4f424a44,
  /** Sims 2's directory of compressed resources. */
  SIMS2_DIR: 0xe86b1eef,
} as const;

/** Index compression values (SIMS-FORMATS.md). */
export const Compression = {
  NONE: 0x0000,
  ZLIB: 0x5a42,
  REFPACK: 0xffff,
  STREAMABLE: 0xfffe,
  DELETED: 0xffe0,
} as const;

/** Tray files' type ids when they appear as resources in a package. */
export const TRAY_RESOURCE_TYPES = {
  trayitem: 0x2a8a5e22,
  blueprint: 0x3924de26,
  bpi: 0xd33c281e,
  householdbinary: 0xb3c438f0,
  hhi: 0x3bd45407,
  sgi: 0x56278554,
  room: 0x370efd6e,
  rmi: 0x00de5ac5,
} as const;
