import { describe, expect, it } from 'vitest';
import { joinFilename, knownKind, splitFilename } from './file-kinds';

describe('knownKind', () => {
  it('names the kinds the domain knows and nothing else', () => {
    expect(knownKind('sims4-package')).toBe('sims4-package');
    expect(knownKind('tray-item')).toBe('tray-item');
    expect(knownKind('exe')).toBe('unknown');
    expect(knownKind(null)).toBe('unknown');
  });
});

describe('splitFilename and joinFilename', () => {
  it('keeps the extension out of the part a creator renames', () => {
    expect(splitFilename('Cosy Chair.package')).toEqual({ base: 'Cosy Chair', extension: 'package' });
    expect(splitFilename('Lot.Blueprint')).toEqual({ base: 'Lot', extension: 'Blueprint' });
    expect(splitFilename('README')).toEqual({ base: 'README', extension: '' });
    expect(splitFilename('.hidden')).toEqual({ base: '.hidden', extension: '' });
  });

  it('puts the old extension back on the new name', () => {
    expect(joinFilename('  Cosier Chair ', 'package')).toBe('Cosier Chair.package');
    expect(joinFilename('README2', '')).toBe('README2');
  });
});
