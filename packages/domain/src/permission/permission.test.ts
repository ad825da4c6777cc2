import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, ALL_PERMISSIONS, hasPermission, hasRole, pagePermission, pagePermissions } from './permission';
import { SEEDED_ROLES, themeForMember, themeForRole } from './role';

const holder = (roles: { name: string; permissions: string[] }[]) => ({
  roles: roles.map((r) => ({ name: r.name, permissions: r.permissions.map((name) => ({ name })) })),
});

describe('hasPermission', () => {
  const staff = holder([{ name: 'Submissions', permissions: ['submissions:page-waiting:view', ADMIN_ACCESS] }]);

  it('accepts one name or a list, and any match passes', () => {
    expect(hasPermission(staff, 'submissions:page-waiting:view')).toBe(true);
    expect(hasPermission(staff, 'submissions:page-waiting:edit')).toBe(false);
    expect(hasPermission(staff, ['submissions:page-waiting:edit', 'submissions:page-waiting:view'])).toBe(true);
    expect(hasPermission(staff, ['submissions:page-payments:view', 'submissions:page-payments:edit'])).toBe(false);
    expect(hasPermission(staff, [])).toBe(false);
  });

  it('"all" always passes, asked or held', () => {
    expect(hasPermission(null, 'all')).toBe(true);
    expect(hasPermission(holder([]), ['x', 'all'])).toBe(true);
    expect(hasPermission(holder([{ name: 'Root', permissions: ['all'] }]), 'anything')).toBe(true);
  });

  it('nobody holds anything without roles', () => {
    expect(hasPermission(null, ADMIN_ACCESS)).toBe(false);
    expect(hasPermission(undefined, [ADMIN_ACCESS])).toBe(false);
  });

  it('accepts a prepared set', () => {
    expect(hasPermission(new Set([ADMIN_ACCESS]), ADMIN_ACCESS)).toBe(true);
  });
});

describe('hasRole', () => {
  it('is case-insensitive and any match passes', () => {
    const m = holder([{ name: 'Content manager', permissions: [] }]);
    expect(hasRole(m, 'content MANAGER')).toBe(true);
    expect(hasRole(m, ['admin', 'Content Manager'])).toBe(true);
    expect(hasRole(m, 'Admin')).toBe(false);
    expect(hasRole(null, 'all')).toBe(true);
  });
});

describe('page permissions', () => {
  it('have the spec form', () => {
    expect(pagePermission('waiting', 'edit')).toBe('submissions:page-waiting:edit');
    expect(pagePermissions('file-management')).toEqual([
      'submissions:page-file-management:edit',
      'submissions:page-file-management:view',
    ]);
    expect(ALL_PERMISSIONS).toContain(ADMIN_ACCESS);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
});

describe('themes (SPEC section 6)', () => {
  it.each([
    ['Superuser', 'admin'],
    ['Staff management', 'admin'],
    ['Artist management', 'admin'],
    ['Admin', 'admin'],
    ['Content manager', 'socialMedia'],
    ['Select artist', 'sa'],
    ['Featured artist', 'fa'],
    ['Submissions', 'submissions'],
    ['submissions', 'submissions'],
  ])('%s maps to %s', (role, theme) => {
    expect(themeForRole(role)).toBe(theme);
  });

  it('unknown roles map to none; members without a mapped role get the creator theme', () => {
    expect(themeForRole('Gardener')).toBeNull();
    expect(themeForMember(holder([]))).toBe('creator');
    expect(themeForMember(holder([{ name: 'Select artist', permissions: [] }, { name: 'Admin', permissions: [] }]))).toBe('admin');
  });
});

describe('seeded roles (DESIGN section 5)', () => {
  const role = (name: string) => new Set(SEEDED_ROLES.find((r) => r.name === name)!.permissions);
  it('Superuser and Admin hold every permission', () => {
    expect(role('Superuser').size).toBe(ALL_PERMISSIONS.length);
    expect(role('Admin').size).toBe(ALL_PERMISSIONS.length);
  });
  it('Submissions holds the staff review pages but not payments', () => {
    const s = role('Submissions');
    expect(s.has(ADMIN_ACCESS)).toBe(true);
    expect(s.has('submissions:page-waiting:edit')).toBe(true);
    expect(s.has('submissions:page-payments:view')).toBe(false);
  });
  it('Content manager holds published and featured', () => {
    expect([...role('Content manager')].sort()).toEqual(
      [ADMIN_ACCESS, ...pagePermissions('published'), ...pagePermissions('featured')].sort(),
    );
  });
  it('artists are creators with the migrate page', () => {
    expect([...role('Select artist')].sort()).toEqual([...pagePermissions('migrate-submission')].sort());
    expect(role('Featured artist').has(ADMIN_ACCESS)).toBe(false);
  });
});
