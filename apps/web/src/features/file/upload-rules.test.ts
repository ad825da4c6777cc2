import { UPLOAD_MESSAGES } from '@corner/domain';
import { describe, expect, it } from 'vitest';
import { checkUpload, DEFAULT_UPLOAD_LIMITS, readUploadLimits } from './upload-rules';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A Sims 4 package header: "DBPF", major 2, minor 1. */
const PACKAGE = [...'DBPF'].map((c) => c.charCodeAt(0)).concat([2, 0, 0, 0, 1, 0, 0, 0]);

function file(bytes: number[], name: string, size = bytes.length): File {
  const padded = new Uint8Array(size);
  padded.set(bytes.slice(0, size));
  return new File([padded], name);
}

const limits = { maxImageBytes: 1000, maxFileBytes: 5000 };

describe('checkUpload', () => {
  it('lets images and packages within the limits through', async () => {
    expect(await checkUpload(file(PNG, 'front.png', 64), 'image', limits)).toBeNull();
    expect(await checkUpload(file(PACKAGE, 'chair.package', 96), 'file', limits)).toBeNull();
    // An image is a file the site accepts too.
    expect(await checkUpload(file(PNG, 'front.png', 64), 'file', limits)).toBeNull();
  });

  it('says what the server says for the wrong type', async () => {
    expect(await checkUpload(file(PACKAGE, 'chair.package', 64), 'image', limits)).toBe(UPLOAD_MESSAGES.notAnImage('chair.package'));
    expect(await checkUpload(file([0x3c, 0x68, 0x74], 'page.html', 64), 'file', limits)).toBe(UPLOAD_MESSAGES.fileNotAccepted('page.html'));
  });

  it('says what the server says for a file too large', async () => {
    expect(await checkUpload(file(PNG, 'big.png', 1001), 'image', limits)).toBe(UPLOAD_MESSAGES.imageTooLarge(1001, 1000));
    expect(await checkUpload(file(PACKAGE, 'big.package', 6000), 'file', limits)).toBe(UPLOAD_MESSAGES.fileTooLarge('big.package', 6000, 5000));
  });

  it('refuses an empty file', async () => {
    expect(await checkUpload(new File([], 'empty.png'), 'image', limits)).toBe(UPLOAD_MESSAGES.empty('empty.png'));
  });
});

describe('readUploadLimits', () => {
  it('reads the limits of /config.json', () => {
    expect(readUploadLimits({ mainSiteUrl: 'x', uploads: { maxImageBytes: 5, maxFileBytes: 9, maxFiles: 10 } })).toEqual({ maxImageBytes: 5, maxFileBytes: 9 });
  });

  it('falls back to the defaults for anything missing or wrong', () => {
    expect(readUploadLimits({})).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(readUploadLimits({ uploads: { maxImageBytes: -1, maxFileBytes: 'big' } })).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(readUploadLimits(null)).toEqual(DEFAULT_UPLOAD_LIMITS);
  });
});
