import { describe, expect, it } from 'vitest';
import { entryPathProblem, isSystemEntry, sniffArchive, skippedSentences, uniqueEntryName, UNZIP_MESSAGES, UNZIP_REFUSALS } from './zip-rules';

describe('entryPathProblem', () => {
  it('accepts plain relative paths, with folders and odd but harmless names', () => {
    for (const p of ['chair.package', 'Mods/Chairs/chair.package', 'a..b.package', '..hidden', 'dir/', 'C.package']) {
      expect(entryPathProblem(p), p).toBeNull();
    }
  });

  it('refuses absolute paths, drive letters, ".." segments and backslashes', () => {
    expect(entryPathProblem('/etc/chair.package')).toBe('absolute');
    expect(entryPathProblem('C:/Mods/chair.package')).toBe('absolute');
    expect(entryPathProblem('c:chair.package')).toBe('absolute');
    expect(entryPathProblem('../chair.package')).toBe('traversal');
    expect(entryPathProblem('Mods/../../chair.package')).toBe('traversal');
    expect(entryPathProblem('Mods/..')).toBe('traversal');
    expect(entryPathProblem('..\\chair.package')).toBe('backslash');
    expect(entryPathProblem('Mods\\chair.package')).toBe('backslash');
  });
});

describe('isSystemEntry', () => {
  it('knows what macOS and Windows leave in zips', () => {
    for (const p of ['__MACOSX/._chair.package', '__MACOSX/Mods/x', 'Mods/Thumbs.db', 'desktop.ini', 'Mods/.DS_Store', '._chair.package', 'DESKTOP.INI']) {
      expect(isSystemEntry(p), p).toBe(true);
    }
    for (const p of ['chair.package', 'Mods/readme.txt', 'macosx/chair.package', 'thumbs.db.package']) expect(isSystemEntry(p), p).toBe(false);
  });
});

describe('sniffArchive', () => {
  const b = (...n: number[]) => new Uint8Array([...n, 0, 0, 0, 0, 0, 0]);
  it('recognises archives by their first bytes', () => {
    expect(sniffArchive(b(0x50, 0x4b, 0x03, 0x04))).toBe('zip');
    expect(sniffArchive(b(0x50, 0x4b, 0x05, 0x06))).toBe('zip');
    expect(sniffArchive(b(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07))).toBe('rar');
    expect(sniffArchive(b(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c))).toBe('7z');
    expect(sniffArchive(b(0x1f, 0x8b, 0x08))).toBe('gzip');
    expect(sniffArchive(b(0x42, 0x5a, 0x68, 0x39))).toBe('bzip2');
    expect(sniffArchive(b(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00))).toBe('xz');
  });
  it('does not take packages, pictures or short files for archives', () => {
    expect(sniffArchive(new TextEncoder().encode('DBPF\x02\x00\x00\x00'))).toBeNull();
    expect(sniffArchive(b(0xff, 0xd8, 0xff))).toBeNull();
    expect(sniffArchive(new Uint8Array([0x50, 0x4b]))).toBeNull();
    expect(sniffArchive(new Uint8Array([]))).toBeNull();
  });
});

describe('uniqueEntryName', () => {
  it('keeps both of two same names, numbering the later one before its extension', () => {
    const taken = new Set<string>();
    expect(uniqueEntryName('Chair.package', taken)).toBe('Chair.package');
    expect(uniqueEntryName('chair.PACKAGE', taken)).toBe('chair (2).PACKAGE');
    expect(uniqueEntryName('Chair.package', taken)).toBe('Chair (3).package');
    expect(uniqueEntryName('Chair (2).package', taken)).toBe('Chair (2) (2).package');
    expect(uniqueEntryName('README', taken)).toBe('README');
    expect(uniqueEntryName('readme', taken)).toBe('readme (2)');
  });
});

describe('messages', () => {
  it('reports what was unpacked and what was skipped, and why', () => {
    expect(UNZIP_MESSAGES.unpacked('Chairs.zip', 1, [])).toBe('Unpacked 1 file from “Chairs.zip”.');
    expect(
      UNZIP_MESSAGES.unpacked('Chairs.zip', 3, [
        { path: '__MACOSX/._a.package', reason: 'system' },
        { path: '__MACOSX/._b.package', reason: 'system' },
        { path: 'Thumbs.db', reason: 'system' },
        { path: 'Read me.txt', reason: 'not-accepted' },
        { path: 'Mods/blank.package', reason: 'empty' },
      ]),
    ).toBe(
      'Unpacked 3 files from “Chairs.zip”. Skipped 3 files the operating system added (__MACOSX and Thumbs.db). ' +
        'Skipped 1 file the site does not accept: “Read me.txt”. Skipped an empty file: “Mods/blank.package”.',
    );
  });

  it('lists at most ten names', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ path: `n${i}.txt`, reason: 'not-accepted' as const }));
    expect(skippedSentences(many)).toBe(
      'Skipped 12 files the site does not accept: “n0.txt”, “n1.txt”, “n2.txt”, “n3.txt”, “n4.txt”, “n5.txt”, “n6.txt”, “n7.txt”, “n8.txt”, “n9.txt” and 2 more.',
    );
  });

  it('names the entry at fault, without control characters', () => {
    expect(UNZIP_MESSAGES.refused('x.zip', UNZIP_REFUSALS.traversal('../evil.package'))).toBe(
      '“x.zip” was not unpacked: the entry “../evil.package” points outside the zip (its path has “..”).',
    );
    expect(UNZIP_REFUSALS.symlink('a\u0000b')).toBe('the entry “a?b” is a link, not a file');
    expect(UNZIP_REFUSALS.entryTooLarge('big.package', 3 * 1024 * 1024 + 1, 3 * 1024 * 1024)).toBe(
      'the entry “big.package” is more than 3 MB; files may be at most 3 MB',
    );
  });
});
