import { describe, expect, it } from 'vitest';
import { categorySyncPlan, migrationRefusal, planMigration, runProgress, type MigratingItem } from './migration';

const item = (more: Partial<MigratingItem> = {}): MigratingItem => ({
  id: 4501,
  title: 'Rustic Kitchen',
  description: 'A farmhouse kitchen set.',
  keywords: 'kitchen, rustic',
  game: 3,
  status: 'published',
  publishDate: new Date('2019-05-01T00:00:00Z'),
  categories: [
    { id: 10, name: 'Kitchens' },
    { id: 11, name: 'Rustic' },
    { id: 12, name: 'Old stuff' },
  ],
  images: [],
  files: [],
  ...more,
});

describe('planMigration', () => {
  it('copies title, description, keywords and game, maps the first mapped category, and makes a published item APPROVED on its date', () => {
    const plan = planMigration(item(), new Map([[11, 7], [10, 3]]));
    expect(plan).toMatchObject({ name: 'Rustic Kitchen', description: 'A farmhouse kitchen set.', keywords: 'kitchen, rustic', game_version: 3, category_id: 3, status: 'APPROVED', publish_at: new Date('2019-05-01T00:00:00Z') });
    expect(plan.notCopied).toEqual([
      { what: 'Categories', why: 'No portal category is mapped to “Old stuff”: staff map categories on the migration page.' },
      { what: 'Categories', why: 'A creation has one category: “Kitchens” was kept, “Rustic” left out.' },
    ]);
  });

  it('starts anything not published as a draft, and says what it had to change', () => {
    expect(planMigration(item({ status: 'pending' }), new Map())).toMatchObject({ status: 'CREATED', publish_at: null, category_id: null });
    expect(planMigration(item({ publishDate: null }), new Map()).notCopied).toContainEqual({ what: 'Status', why: 'It was published without a publish date; it starts as a draft.' });
    const long = planMigration(item({ title: 'x'.repeat(150), game: 9 }), new Map());
    expect(long.name).toHaveLength(100);
    expect(long.game_version).toBe(4);
    expect(long.notCopied.map((n) => n.what)).toEqual(['Title', 'Game', 'Categories']);
    expect(planMigration(item({ title: '   ' }), new Map()).name).toBe('Legacy item 4501');
  });

  it('refuses deleted items and items with nothing to start from', () => {
    expect(migrationRefusal(item({ status: 'deleted' }))).toBe('deleted');
    expect(migrationRefusal(item({ title: ' ', description: '' }))).toBe('no_content');
    expect(migrationRefusal(item())).toBeNull();
  });
});

describe('runProgress', () => {
  it('counts what remains and estimates from the pace so far', () => {
    expect(runProgress({ done: 90, failed: 10, total: 1000, runningMs: 20_000 })).toEqual({ done: 90, failed: 10, remaining: 900, perSecond: 5, secondsLeft: 180 });
    expect(runProgress({ done: 0, failed: 0, total: 10, runningMs: 0 })).toEqual({ done: 0, failed: 0, remaining: 10, perSecond: null, secondsLeft: null });
  });
});

describe('categorySyncPlan', () => {
  const portal = [
    { id: 1, parentId: null, name: 'Build', position: 0 },
    { id: 2, parentId: 1, name: 'Walls', position: 0 },
    { id: 3, parentId: 1, name: 'Floors', position: 1 },
    { id: 4, parentId: null, name: 'Buy', position: 1 },
  ];

  it('inserts what the legacy tree lacks (parents first), renames and moves what differs, and leaves the rest', () => {
    const legacy = [
      { id: 101, parentId: null, name: 'Build mode' },
      { id: 102, parentId: null, name: 'Walls' },
      { id: 150, parentId: null, name: 'Only on the old site' },
    ];
    const plan = categorySyncPlan(portal, legacy, new Map([[1, 101], [2, 102]]));
    expect(plan).toEqual([
      { kind: 'rename', portalId: 1, legacyId: 101, from: 'Build mode', name: 'Build' },
      { kind: 'insert', portalId: 4, parentPortalId: null, name: 'Buy', position: 1 },
      { kind: 'move', portalId: 2, legacyId: 102, fromParentLegacyId: null, parentPortalId: 1, position: 0 },
      { kind: 'insert', portalId: 3, parentPortalId: 1, name: 'Floors', position: 1 },
    ]);
  });

  it('has nothing to do once the trees agree', () => {
    const legacy = [
      { id: 101, parentId: null, name: 'Build' },
      { id: 102, parentId: 101, name: 'Walls' },
      { id: 103, parentId: 101, name: 'Floors' },
      { id: 104, parentId: null, name: 'Buy' },
    ];
    expect(categorySyncPlan(portal, legacy, new Map([[1, 101], [2, 102], [3, 103], [4, 104]]))).toEqual([]);
  });
});
