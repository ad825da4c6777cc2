import { describe, expect, it } from 'vitest';
import { fromLocalInput, isPast, publishDay, toLocalInput } from './publish-date';

describe('publish date input', () => {
  it('round-trips an instant through the local input value', () => {
    const iso = new Date(2026, 10, 24, 14, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-11-24T14:30');
    expect(fromLocalInput('2026-11-24T14:30')).toBe(iso);
  });

  it('refuses what is not a date and time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(fromLocalInput('2026-11-24')).toBeNull();
    expect(toLocalInput('not a date')).toBe('');
  });

  it('tells a past date from a future one', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isPast('2026-11-23T11:59:00Z', now)).toBe(true);
    expect(isPast('2026-11-23T12:01:00Z', now)).toBe(false);
  });
});

describe('publish day', () => {
  it('places a date before, on or after the local today', () => {
    const now = new Date(2026, 10, 23, 12, 0);
    expect(publishDay(new Date(2026, 10, 22, 23, 59).toISOString(), now)).toBe('earlier');
    expect(publishDay(new Date(2026, 10, 23, 0, 0).toISOString(), now)).toBe('today');
    expect(publishDay(new Date(2026, 10, 23, 23, 59).toISOString(), now)).toBe('today');
    expect(publishDay(new Date(2026, 10, 24, 0, 0).toISOString(), now)).toBe('later');
    expect(publishDay(null, now)).toBeNull();
    expect(publishDay('soon', now)).toBeNull();
  });
});
