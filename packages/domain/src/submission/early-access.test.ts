import { describe, expect, it } from 'vitest';
import { earlyAccessDaysInput, earlyAccessUntil, isInEarlyAccess, maySetEarlyAccess } from './early-access';

const publish = new Date('2026-12-01T10:00:00Z');

describe('early access', () => {
  it('ends its days after the publish date, following the date when it moves', () => {
    expect(earlyAccessUntil({ early_access_days: 7, publish_at: publish, early_access_at: null })).toEqual(new Date('2026-12-08T10:00:00Z'));
    expect(earlyAccessUntil({ early_access_days: 7, publish_at: new Date('2026-12-03T10:00:00Z'), early_access_at: new Date('2026-12-08T10:00:00Z') })).toEqual(new Date('2026-12-10T10:00:00Z'));
    expect(earlyAccessUntil({ early_access_days: 0, publish_at: publish, early_access_at: new Date('2026-12-08T10:00:00Z') })).toBeNull();
    expect(earlyAccessUntil({ early_access_days: 7, publish_at: null, early_access_at: null })).toBeNull();
    // An end given outright (the older system's) stands without days.
    expect(earlyAccessUntil({ early_access_days: null, publish_at: publish, early_access_at: new Date('2026-12-05T00:00:00Z') })).toEqual(new Date('2026-12-05T00:00:00Z'));
  });

  it('is on until its end', () => {
    const s = { early_access_days: 2, publish_at: publish, early_access_at: null };
    expect(isInEarlyAccess(s, new Date('2026-12-03T09:59:59Z'))).toBe(true);
    expect(isInEarlyAccess(s, new Date('2026-12-03T10:00:00Z'))).toBe(false);
  });

  it('is set by creators in a paid program and by deciding staff, from 0 to 30 whole days', () => {
    expect(maySetEarlyAccess({ isOwner: true, roleNames: ['Select artist'], isDecidingStaff: false })).toBe(true);
    expect(maySetEarlyAccess({ isOwner: true, roleNames: ['featured artist'], isDecidingStaff: false })).toBe(true);
    expect(maySetEarlyAccess({ isOwner: true, roleNames: ['Creator'], isDecidingStaff: false })).toBe(false);
    expect(maySetEarlyAccess({ isOwner: false, roleNames: ['Select artist'], isDecidingStaff: false })).toBe(false);
    expect(maySetEarlyAccess({ isOwner: false, roleNames: [], isDecidingStaff: true })).toBe(true);
    expect(earlyAccessDaysInput.safeParse(30).success).toBe(true);
    expect(earlyAccessDaysInput.safeParse(31).error?.issues[0]?.message).toBe('Early access lasts at most 30 days.');
    expect(earlyAccessDaysInput.safeParse(1.5).success).toBe(false);
  });
});
