import { describe, expect, it } from 'vitest';
import { classifyFile, cleanFilename, fileExtension, formatBytes, mimetypeOfKind, sniffImageType, UPLOAD_MESSAGES } from './limits';
import { imageHotspotInput, normaliseObjectGuid } from './attachment-input';

/** Bytes built here, never taken from game files. */
function bytes(...parts: (string | number[] | Uint8Array)[]): Uint8Array {
  const out: number[] = [];
  for (const p of parts) {
    if (typeof p === 'string') out.push(...[...p].map((c) => c.charCodeAt(0)));
    else out.push(...p);
  }
  return new Uint8Array(out);
}

const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const zeros = (n: number) => new Array<number>(n).fill(0);

/** A DBPF header of the given version, padded to 96 bytes (SIMS-FORMATS.md). */
function dbpf(major: number, minor: number, magic = 'DBPF'): Uint8Array {
  return bytes(magic, u32(major), u32(minor), zeros(96 - 12));
}

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], zeros(24));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], zeros(28));
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04], zeros(60));

describe('classifyFile', () => {
  it('recognises DBPF packages by version, whatever the name', () => {
    expect(classifyFile(dbpf(2, 1), 'chair.package')).toBe('sims4-package');
    expect(classifyFile(dbpf(2, 1), 'renamed.bin')).toBe('sims4-package');
    expect(classifyFile(dbpf(2, 0), 'hair.package')).toBe('sims3-package');
    expect(classifyFile(dbpf(2, 0, 'DBPP'), 'protected.package')).toBe('sims3-package');
    expect(classifyFile(dbpf(1, 1), 'old.package')).toBe('sims2-package');
    expect(classifyFile(dbpf(3, 0), 'future.package')).toBeNull();
  });

  it('recognises a Sims 3 installer package', () => {
    expect(classifyFile(bytes(u32(7), 'TS3Pack', [0x01, 0x01], u32(100), '<?xml'), 'set.sims3pack')).toBe('sims3pack');
  });

  it('takes zips only as .zip or .ts4script', () => {
    expect(classifyFile(ZIP, 'bundle.zip')).toBe('zip');
    expect(classifyFile(ZIP, 'mod.TS4SCRIPT')).toBe('ts4script');
    expect(classifyFile(ZIP, 'letter.docx')).toBeNull();
  });

  it('recognises tray files by extension, checked against their headers', () => {
    const trayItem = bytes(u32(0), u32(120), [0x08, 0x01], zeros(20));
    expect(classifyFile(trayItem, '0x00000002!0x0123456789abcdef.trayitem')).toBe('tray-item');
    expect(classifyFile(bytes(u32(5), u32(120), zeros(20)), 'x.trayitem')).toBeNull();
    expect(classifyFile(bytes(u32(2), u32(300), zeros(20)), 'x.householdbinary')).toBe('household-binary');
    expect(classifyFile(bytes([0x0a, 0x84, 0x01, 0x00, 0xff], zeros(40)), 'x.blueprint')).toBe('blueprint');
    expect(classifyFile(bytes([0x0a, 0x84, 0x01, 0x00, 0xff], zeros(40)), 'x.room')).toBe('room');
    expect(classifyFile(bytes('just some notes\n'), 'x.blueprint')).toBeNull();
    const trayImage = bytes(u32(1000), u32(0), [0x8e, 0xfc, 0x24, 0x48, 0x9b, 0x78, 0x0e, 0x3c], u32(2), u32(0), zeros(20));
    for (const ext of ['hhi', 'sgi', 'bpi', 'rmi']) expect(classifyFile(trayImage, `0x00000003!0x1.${ext}`)).toBe('tray-image');
    expect(classifyFile(JPEG, 'thumb.bpi')).toBe('tray-image');
    expect(classifyFile(bytes('not an image at all, no'), 'thumb.hhi')).toBeNull();
  });

  it('takes pictures as images', () => {
    expect(classifyFile(PNG, 'shot.png')).toBe('image');
    expect(classifyFile(JPEG, 'shot.jpeg')).toBe('image');
  });

  it('refuses everything else, including text and empty files', () => {
    expect(classifyFile(bytes('Hello, these are my notes.'), 'notes.txt')).toBeNull();
    expect(classifyFile(bytes('Hello'), 'fake.package')).toBeNull();
    expect(classifyFile(new Uint8Array(), 'empty.package')).toBeNull();
    expect(classifyFile(bytes('MZ', zeros(60)), 'setup.exe')).toBeNull();
  });
});

describe('sniffImageType', () => {
  it('reads the four accepted types from their signatures', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(bytes('RIFF', u32(100), 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes('GIF89a', zeros(10)))).toBe('image/gif');
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes('a text file'))).toBeNull();
  });

  it('gives the MIME type to store for each kind', () => {
    expect(mimetypeOfKind('image', PNG)).toBe('image/png');
    expect(mimetypeOfKind('zip', ZIP)).toBe('application/zip');
    expect(mimetypeOfKind('sims4-package', dbpf(2, 1))).toBe('application/octet-stream');
  });
});

describe('formatBytes and the upload messages', () => {
  it('writes sizes as people read them', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(Math.round(14.2 * 1024 * 1024))).toBe('14.2 MB');
    expect(formatBytes(10 * 1024 * 1024 + 1)).toBe('10 MB');
    expect(formatBytes(Math.round(9.94 * 1024 * 1024))).toBe('9.9 MB');
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('says exactly what is wrong', () => {
    expect(UPLOAD_MESSAGES.imageTooLarge(Math.round(14.2 * 1024 * 1024), 10 * 1024 * 1024)).toBe(
      'The image is 14.2 MB; images may be at most 10 MB.',
    );
    expect(UPLOAD_MESSAGES.imageTooLarge(10 * 1024 * 1024 + 1, 10 * 1024 * 1024)).toBe(
      'The image is more than 10 MB; images may be at most 10 MB.',
    );
    expect(UPLOAD_MESSAGES.fileTooLarge('big.package', 600 * 1024 * 1024, 512 * 1024 * 1024)).toBe(
      '“big.package” is 600 MB; files may be at most 512 MB.',
    );
    expect(UPLOAD_MESSAGES.fileNotAccepted('notes.txt')).toBe(
      '“notes.txt” is not a file the site accepts: upload Sims packages, tray files, zips or images.',
    );
  });
});

describe('file names', () => {
  it('keeps the last path segment without control characters, and the extension when cut', () => {
    expect(cleanFilename('C:\\Users\\me\\My Chair.package')).toBe('My Chair.package');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename(' a\u0000b\n.zip ')).toBe('ab.zip');
    const long = cleanFilename(`${'x'.repeat(300)}.package`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.package')).toBe(true);
    expect(fileExtension('A.Trayitem')).toBe('trayitem');
    expect(fileExtension('.hidden')).toBe('');
  });
});

describe('object GUIDs and hotspots', () => {
  it('stores GUIDs as 16 lower-case hex digits', () => {
    expect(normaliseObjectGuid('0x00000000001A2B3C')).toBe('00000000001a2b3c');
    expect(normaliseObjectGuid('1a2b3c')).toBe('00000000001a2b3c');
    expect(normaliseObjectGuid('0x1234567890abcdef0')).toBeNull();
    expect(normaliseObjectGuid('12345g')).toBeNull();
    expect(normaliseObjectGuid('')).toBeNull();
  });

  it('holds hotspots to fractions of the image and http(s) links', () => {
    expect(imageHotspotInput.safeParse({ url: 'https://example.com/a', x: 0, y: 1 }).success).toBe(true);
    const outside = imageHotspotInput.safeParse({ url: 'https://example.com/a', x: 1.2, y: 0.5 });
    expect(outside.error?.issues[0]?.message).toBe("The hotspot's x must be between 0 and 1 (a fraction of the image's width).");
    const script = imageHotspotInput.safeParse({ url: 'javascript:alert(1)', x: 0.5, y: 0.5 });
    expect(script.error?.issues[0]?.message).toBe('The hotspot link must be a web address starting with http:// or https://.');
  });
});
