import { ALL_PERMISSIONS, pagePermission, permissionSet, SEEDED_ROLES } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { CREATOR_MENU } from './creator-menu';
import { isLinkActive, linkCount, visibleMenu, type Counters, type MenuEntry, type PageLink } from './menu';
import { STAFF_MENU } from './staff-menu';

const ids = (entries: MenuEntry[]) => entries.map((e) => (e.kind === 'separator' ? '---' : e.to));

function seededRole(name: string): Set<string> {
  const role = SEEDED_ROLES.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return permissionSet({ roles: [{ name, permissions: role.permissions.map((p) => ({ name: p })) }] });
}

describe('staff menu', () => {
  it('lists every route of SPEC section 2 (and the featured lists) in order for a member with every permission', () => {
    expect(ids(visibleMenu(STAFF_MENU, new Set(ALL_PERMISSIONS)))).toEqual([
      '/staff',
      '---',
      '/staff/not-submitted',
      '/staff/awaiting-approval',
      '/staff/testing-queue',
      '/staff/updates-testing-queue',
      '---',
      '/staff/approved',
      '/staff/published',
      '/staff/deleted',
      '/staff/featured',
      '---',
      '/staff/testing-failed',
      '/staff/updates-testing-failed',
      '/staff/rejected',
      '/staff/reported',
      '/staff/updated',
      '---',
      '/staff/file-management',
      '/staff/messages',
      '/staff/payments',
      '/staff/elastic',
      '/staff/migrate',
      '/staff/archived',
    ]);
  });

  it('always shows the overview, and keeps one separator where whole groups are hidden', () => {
    expect(ids(visibleMenu(STAFF_MENU, new Set()))).toEqual(['/staff', '---']);
  });

  it('shows a content manager only the published pages and the featured lists', () => {
    expect(ids(visibleMenu(STAFF_MENU, seededRole('Content manager')))).toEqual([
      '/staff',
      '---',
      '/staff/published',
      '/staff/deleted',
      '/staff/featured',
      '---',
    ]);
  });

  it('accepts either the view or the edit permission of a page', () => {
    const viewOnly = new Set([pagePermission('payments', 'view')]);
    const editOnly = new Set([pagePermission('payments', 'edit')]);
    expect(ids(visibleMenu(STAFF_MENU, viewOnly))).toContain('/staff/payments');
    expect(ids(visibleMenu(STAFF_MENU, editOnly))).toContain('/staff/payments');
  });

  it('lets "all" pass every check', () => {
    expect(ids(visibleMenu(STAFF_MENU, new Set(['all'])))).toHaveLength(STAFF_MENU.length);
  });
});

describe('creator menu', () => {
  it('hides Migrate without the migrate-submission page permission', () => {
    const shown = ids(visibleMenu(CREATOR_MENU, new Set()));
    expect(shown).not.toContain('/migrate');
    expect(shown).toEqual([
      '/',
      '/upload',
      '/my-creations',
      '---',
      '/edit-queue',
      '/awaiting-approval',
      '/approved',
      '/testing',
      '/published',
      '/needs-attention',
      '---',
      '/messages',
      '/preferences',
    ]);
  });

  it('shows Migrate to select and featured artists', () => {
    expect(ids(visibleMenu(CREATOR_MENU, seededRole('Select artist')))).toContain('/migrate');
    expect(ids(visibleMenu(CREATOR_MENU, seededRole('Featured artist')))).toContain('/migrate');
  });

  it('puts badges on the queues of SPEC section 2 and none on Testing', () => {
    const badges = Object.fromEntries(
      CREATOR_MENU.filter((e): e is PageLink => e.kind === 'link').map((l) => [l.to, l.badge ?? null]),
    );
    expect(badges).toMatchObject({
      '/edit-queue': 'created',
      '/awaiting-approval': 'waiting',
      '/approved': 'approved',
      '/testing': null,
      '/published': 'published',
      '/needs-attention': 'needsAttention',
      '/messages': 'unreadMessages',
    });
  });
});

describe('isLinkActive', () => {
  const home = CREATOR_MENU[0] as PageLink;
  const myCreations = CREATOR_MENU[2] as PageLink;
  const overview = STAFF_MENU[0] as PageLink;

  it('matches "/" and "/staff" exactly', () => {
    expect(isLinkActive(home, '/')).toBe(true);
    expect(isLinkActive(home, '/upload')).toBe(false);
    expect(isLinkActive(overview, '/staff/')).toBe(true);
    expect(isLinkActive(overview, '/staff/payments')).toBe(false);
  });

  it('matches the pages below other links', () => {
    expect(isLinkActive(myCreations, '/my-creations/edit/step-2/item/4')).toBe(true);
    expect(isLinkActive(myCreations, '/my-creations-old')).toBe(false);
  });
});

describe('linkCount', () => {
  const counters = { created: 3, testing: 2 } as Counters;
  it('reads the badge counter, or the card counter', () => {
    const editQueue = CREATOR_MENU.find((e) => e.kind === 'link' && e.to === '/edit-queue') as PageLink;
    const testing = CREATOR_MENU.find((e) => e.kind === 'link' && e.to === '/testing') as PageLink;
    expect(linkCount(editQueue, counters, 'badge')).toBe(3);
    expect(linkCount(testing, counters, 'badge')).toBeUndefined();
    expect(linkCount(testing, counters, 'card')).toBe(2);
    expect(linkCount(editQueue, null, 'card')).toBeUndefined();
  });
});
