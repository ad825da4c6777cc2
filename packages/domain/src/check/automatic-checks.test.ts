import { describe, expect, it } from 'vitest';
import { automaticChecks, blockingChecks, fitsImageRule, type CheckInput, type CheckedFile, type CheckedMesh } from './automatic-checks';

const file = (filename: string, kind: CheckedFile['kind'], more: Partial<CheckedFile> = {}): CheckedFile => ({ filename, kind, state: 'read', objects: [], meshes: [], ...more });
const base = (more: Partial<CheckInput>): CheckInput => ({
  model_type: 'item',
  game_version: 4,
  files: [],
  images: [{ filename: 'a.jpg', width: 1024, height: 768 }],
  used: { isPending: false, creations: [], unmatched: 0 },
  hasUrlRequiredItems: false,
  declaredPolycount: null,
  ...more,
});
const outcomeOf = (results: ReturnType<typeof automaticChecks>, id: string) => results.find((r) => r.id === id);

const LOT_FILES = [
  file('0x00000002!0x00000000000000ab.trayitem', 'tray-item'),
  file('0x00000000!0x00000000000000ab.blueprint', 'blueprint'),
  file('0x00000003!0x00000000000000ab.bpi', 'tray-image'),
];

describe('automatic checks', () => {
  it('passes a complete lot, and names what a lot without its blueprint lacks', () => {
    const complete = automaticChecks(base({ model_type: 'lot', files: LOT_FILES }));
    expect(complete.map((r) => [r.id, r.outcome])).toEqual([
      ['fileSet', 'pass'],
      ['onlyTrayFiles', 'pass'],
      ['gameMatches', 'pass'],
      ['imageSize', 'pass'],
      ['usedContent', 'pass'],
    ]);
    const noBlueprint = automaticChecks(base({ model_type: 'lot', files: [LOT_FILES[0]!, LOT_FILES[2]!] }));
    expect(outcomeOf(noBlueprint, 'fileSet')).toMatchObject({ outcome: 'failure', message: expect.stringContaining('.blueprint is missing') });
    expect(blockingChecks(noBlueprint).map((r) => r.id)).toEqual(['fileSet']);
  });

  it('asks a household for its binary and pictures, and a room for its .room and .rmi', () => {
    const household = automaticChecks(base({ model_type: 'sim', files: [file('0x1!0x1.trayitem', 'tray-item'), file('0x0!0x1.householdbinary', 'household-binary')] }));
    expect(outcomeOf(household, 'fileSet')!.message).toContain('.hhi picture and .sgi picture of each sim are missing');
    const room = automaticChecks(base({ model_type: 'room', files: [file('0x3!0x1.trayitem', 'tray-item'), file('0x0!0x1.room', 'room'), file('0x2!0x1.rmi', 'tray-image')] }));
    expect(outcomeOf(room, 'fileSet')!.outcome).toBe('pass');
  });

  it('refuses custom content and other files inside a lot upload', () => {
    const results = automaticChecks(base({ model_type: 'lot', files: [...LOT_FILES, file('chair.package', 'sims4-package'), file('notes.zip', 'zip')] }));
    expect(outcomeOf(results, 'onlyTrayFiles')).toMatchObject({ outcome: 'failure', message: expect.stringContaining('remove chair.package, notes.zip') });
  });

  it('asks an item or mod for a package or script of its game', () => {
    expect(outcomeOf(automaticChecks(base({ files: [] })), 'gameFiles')!.outcome).toBe('failure');
    expect(outcomeOf(automaticChecks(base({ model_type: 'mod', files: [file('mod.ts4script', 'ts4script')] })), 'gameFiles')!.outcome).toBe('pass');
    expect(outcomeOf(automaticChecks(base({ files: [file('tray.trayitem', 'tray-item')] })), 'gameFiles')!.outcome).toBe('failure');
    expect(outcomeOf(automaticChecks(base({ game_version: 3, files: [file('a.sims3pack', 'sims3pack')] })), 'gameFiles')!.outcome).toBe('pass');
  });

  it('refuses files of another game than the creation’s', () => {
    const mixed = automaticChecks(base({ files: [file('a.package', 'sims4-package'), file('old.package', 'sims3-package'), file('pic.png', 'image')] }));
    expect(outcomeOf(mixed, 'gameMatches')).toMatchObject({ outcome: 'failure', message: expect.stringContaining('old.package is for another game') });
    const sims3 = automaticChecks(base({ game_version: 3, files: [file('a.package', 'sims4-package')] }));
    expect(outcomeOf(sims3, 'gameMatches')!.message).toContain('This creation is for The Sims 3, but a.package is');
  });

  it('fails unnamed catalog objects, warns about missing thumbnails, and waits for unread packages', () => {
    const objects = [
      { id: '0000000000000001', name: 'Velvet Chair', hasThumbnail: true },
      { id: '0000000000000002', name: null, hasThumbnail: false },
    ];
    const results = automaticChecks(base({ files: [file('a.package', 'sims4-package', { objects })] }));
    expect(outcomeOf(results, 'catalogNames')).toMatchObject({ outcome: 'failure', message: expect.stringContaining('0000000000000002') });
    expect(outcomeOf(results, 'catalogThumbnails')).toMatchObject({ outcome: 'warning' });
    expect(blockingChecks(results).map((r) => r.id)).toEqual(['catalogNames']);
    const pending = automaticChecks(base({ files: [file('a.package', 'sims4-package', { state: 'pending' })] }));
    expect(outcomeOf(pending, 'catalogNames')!.outcome).toBe('pending');
    expect(blockingChecks(pending)).toEqual([]);
  });

  it('checks pictures against 4:3 from 920×690 to 1024×768', () => {
    expect(fitsImageRule({ width: 920, height: 690 })).toBe(true);
    expect(fitsImageRule({ width: 1024, height: 768 })).toBe(true);
    expect(fitsImageRule({ width: 1280, height: 960 })).toBe(false);
    expect(fitsImageRule({ width: 1000, height: 600 })).toBe(false);
    expect(fitsImageRule({ width: null, height: null })).toBe(false);
    const results = automaticChecks(base({ images: [{ filename: 'wide.png', width: 1280, height: 720 }] }));
    expect(outcomeOf(results, 'imageSize')).toMatchObject({ outcome: 'failure', message: expect.stringContaining('wide.png is 1280×720') });
  });

  it('asks for every used creation to be a required item, and for links when ids are not on the site', () => {
    const uses = (used: CheckInput['used'], hasUrlRequiredItems = false) => outcomeOf(automaticChecks(base({ model_type: 'lot', files: LOT_FILES, used, hasUrlRequiredItems })), 'usedContent')!;
    expect(uses({ isPending: false, creations: [{ id: 8, name: 'Brass Floor Lamp', isRequired: false }], unmatched: 0 })).toMatchObject({
      outcome: 'failure',
      message: expect.stringContaining('Brass Floor Lamp (#8)'),
    });
    expect(uses({ isPending: false, creations: [{ id: 8, name: 'Brass Floor Lamp', isRequired: true }], unmatched: 0 }).outcome).toBe('pass');
    expect(uses({ isPending: false, creations: [], unmatched: 3 }).outcome).toBe('warning');
    expect(uses({ isPending: false, creations: [], unmatched: 3 }, true).outcome).toBe('pass');
    expect(uses({ isPending: true, creations: [], unmatched: 0 }).outcome).toBe('pending');
  });

  describe('polycount', () => {
    const mesh = (triangles: number, more: Partial<CheckedMesh> = {}): CheckedMesh => ({ id: '00000000000000aa', kind: 'casPart', bodyType: 6, triangles, exact: true, ...more });
    const withMeshes = (meshes: CheckedMesh[] | null, more: Partial<CheckInput> = {}) =>
      outcomeOf(automaticChecks(base({ files: [file('top.package', 'sims4-package', { meshes })], ...more })), 'polycount');

    it('passes a declared polycount close to the highest-detail mesh, and warns when it is far or missing', () => {
      expect(withMeshes([mesh(12_000), mesh(3_000, { kind: 'model', bodyType: null })], { declaredPolycount: 11_500 })).toMatchObject({
        outcome: 'pass',
        message: 'The polycount given (11,500) matches the files’ highest-detail mesh (12,000 triangles).',
      });
      expect(withMeshes([mesh(12_000)], { declaredPolycount: 2_000 })).toMatchObject({
        outcome: 'warning',
        message: expect.stringContaining('The polycount given in step 1 is 2,000, but the files’ highest-detail mesh has 12,000 triangles.'),
      });
      expect(withMeshes([mesh(12_000)])).toMatchObject({ outcome: 'warning', message: expect.stringMatching(/^Give the polycount in step 1: .* 12,000 triangles\.$/) });
      // Within 100 triangles of a small mesh still agrees (tools count a little differently).
      expect(withMeshes([mesh(400, { kind: 'model', bodyType: null })], { declaredPolycount: 480 })!.outcome).toBe('pass');
      expect(withMeshes([mesh(400, { kind: 'model', bodyType: null })], { declaredPolycount: 520 })!.outcome).toBe('warning');
    });

    it('refuses a CAS part over its body type’s limit, and only warns when the level was a guess or hair may be alpha', () => {
      const top = withMeshes([mesh(15_001)], { declaredPolycount: 15_001 })!;
      expect(top).toMatchObject({ outcome: 'failure', message: 'A top in top.package has 15,001 triangles (at most 15,000). Reduce the highest-detail mesh (LOD 0).' });
      expect(blockingChecks(automaticChecks(base({ files: [file('top.package', 'sims4-package', { meshes: [mesh(15_001)] })] }))).map((r) => r.id)).toEqual(['polycount']);
      expect(withMeshes([mesh(15_001, { exact: false })])!.outcome).toBe('warning');
      expect(withMeshes([mesh(14_001, { bodyType: 8 })])!.message).toContain('Footwear in top.package has 14,001 triangles (at most 14,000)');
      expect(withMeshes([mesh(7_001, { bodyType: 12 })])!.outcome).toBe('failure');
      expect(withMeshes([mesh(29_000, { bodyType: 5 })], { declaredPolycount: 29_000 })!.outcome).toBe('pass');
      const hair = withMeshes([mesh(40_000, { bodyType: 2 })], { declaredPolycount: 40_000 })!;
      expect(hair).toMatchObject({ outcome: 'warning', message: expect.stringContaining('Hair in top.package has 40,000 triangles (at most 35,000 for Maxis match)') });
      expect(withMeshes([mesh(50_001, { bodyType: 2 })])!.outcome).toBe('failure');
      // Objects have no per-kind limit here (it goes per floor tile).
      expect(withMeshes([mesh(9_000, { kind: 'model', bodyType: null })], { declaredPolycount: 9_000 })!.outcome).toBe('pass');
    });

    it('waits for the counting, says when there is nothing to count, and applies to catalog kinds with a package only', () => {
      expect(withMeshes(null)!.outcome).toBe('pending');
      expect(outcomeOf(automaticChecks(base({ files: [file('top.package', 'sims4-package', { state: 'pending' })] })), 'polycount')!.outcome).toBe('pending');
      expect(withMeshes([])).toMatchObject({ outcome: 'pass', message: expect.stringContaining('no mesh of their own') });
      expect(outcomeOf(automaticChecks(base({ files: [file('mod.ts4script', 'ts4script')] })), 'polycount')).toBeUndefined();
      expect(outcomeOf(automaticChecks(base({ model_type: 'mod', files: [file('mod.package', 'sims4-package', { meshes: [mesh(99_000)] })] })), 'polycount')).toBeUndefined();
    });
  });
});
