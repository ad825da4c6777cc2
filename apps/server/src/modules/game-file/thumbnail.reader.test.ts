import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { byteSourceFromBytes } from './byte-source.reader';
import { decodeThumbnail, readObjectThumbnail } from './thumbnail.reader';
import {
  bytesOf,
  expectGameFileErrorCode,
  fuzzIterations,
  fuzzReader,
  mutations,
  randomInputs,
  sampleJpeg,
  samplePng,
  truncations,
  withAlfa,
  writePackage,
} from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1500);

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** A JFIF APP0 segment, as most JPEG writers put first. */
const JFIF = bytesOf([0xff, 0xe0, 0x00, 0x10], Buffer.from('JFIF\0'), [1, 1, 0, 0, 1, 0, 1, 0, 0]);

let jpeg: Uint8Array;
let png: Uint8Array;
let bigPng: Uint8Array;

beforeAll(async () => {
  [jpeg, png, bigPng] = await Promise.all([sampleJpeg(), samplePng(8, 6), samplePng(200, 150, true)]);
});

describe('decodeThumbnail', () => {
  it('passes a JPEG without a mask through untouched', () => {
    const decoded = decodeThumbnail(jpeg);
    expect(decoded).toEqual({ jpeg });
    expect(decoded.jpeg).toBe(jpeg);
  });

  it('splits the ALFA segment into the plain JPEG and the PNG mask', async () => {
    const thumbnail = withAlfa(jpeg, png);
    const { jpeg: plain, alphaPng } = decodeThumbnail(thumbnail);
    expect(same(plain, jpeg)).toBe(true);
    expect(same(alphaPng!, png)).toBe(true);
    // Both halves are pictures a decoder reads: the JPEG at its size, the mask as a PNG whose red
    // channel carries the alpha (samplePng's pixel n has red (3n × 7) mod 256).
    expect(await sharp(plain).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 24 });
    const { data, info } = await sharp(alphaPng!).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 8, height: 6, channels: 1 });
    expect([...data]).toEqual(Array.from({ length: 48 }, (_, n) => (3 * n * 7) & 0xff));
  });

  it('takes the mask length from the 32-bit field when the 16-bit segment length has wrapped (mask over 64 KiB)', () => {
    expect(bigPng.length).toBeGreaterThan(0x10000);
    const thumbnail = withAlfa(jpeg, bigPng);
    const segmentLength = (thumbnail[4]! << 8) | thumbnail[5]!;
    expect(segmentLength).toBe((bigPng.length + 10) & 0xffff);
    const { jpeg: plain, alphaPng } = decodeThumbnail(thumbnail);
    expect(same(plain, jpeg)).toBe(true);
    expect(same(alphaPng!, bigPng)).toBe(true);
  });

  it('walks past other header segments, fill bytes and standalone markers to the ALFA segment', () => {
    const alfa = withAlfa(jpeg, png);
    const thumbnail = bytesOf(jpeg.subarray(0, 2), JFIF, [0xff, 0x01], [0xff, 0xff, 0xff], alfa.subarray(2));
    const { jpeg: plain, alphaPng } = decodeThumbnail(thumbnail);
    expect(same(plain, bytesOf(jpeg.subarray(0, 2), JFIF, [0xff, 0x01], [0xff, 0xff, 0xff], jpeg.subarray(2)))).toBe(true);
    expect(same(alphaPng!, png)).toBe(true);
  });

  it('does not look for a mask after the image data starts', () => {
    // An ALFA segment after the end of image is not the game's: the JPEG is returned as it is.
    const thumbnail = bytesOf(jpeg, withAlfa(bytesOf([0xff, 0xd8]), png).subarray(2));
    expect(decodeThumbnail(thumbnail)).toEqual({ jpeg: thumbnail });
  });

  it('refuses what is not a JPEG', async () => {
    for (const bytes of [new Uint8Array(0), bytesOf([0xff]), png, bytesOf(Buffer.from('GIF89a'))]) {
      const error = await expectGameFileErrorCode(() => decodeThumbnail(bytes), 'THUMBNAIL_INVALID');
      expect(error.extensions).toMatchObject({ reason: 'not-jpeg' });
      expect(error.message).toBe('This thumbnail is not a JPEG picture.');
    }
  });

  it('refuses a damaged JPEG header', async () => {
    for (const bytes of [
      bytesOf([0xff, 0xd8]),
      bytesOf([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00]), // no marker after the SOI
      bytesOf([0xff, 0xd8, 0xff]), // cut inside a marker
      bytesOf([0xff, 0xd8, 0xff, 0xff, 0xff]), // only fill bytes
      bytesOf([0xff, 0xd8, 0xff, 0xe1, 0x00]), // cut inside a segment length
      bytesOf([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01, 0xff, 0xd9]), // a segment length below 2
      bytesOf([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x40, 0x00]), // a segment running past the end
      jpeg.subarray(0, 30),
    ]) {
      const error = await expectGameFileErrorCode(() => decodeThumbnail(bytes), 'THUMBNAIL_INVALID');
      expect(error.extensions).toMatchObject({ reason: 'damaged' });
    }
  });

  it('refuses a mask that is cut short or not a PNG', async () => {
    const thumbnail = withAlfa(jpeg, png);
    const notPng = withAlfa(jpeg, bytesOf(Buffer.from('not a png at all')));
    // The mask's 32-bit length (after SOI, marker, segment length and "ALFA") past the end.
    const longer = thumbnail.slice();
    longer.set([0x00, 0x00, 0xff, 0xff], 10);
    for (const bytes of [thumbnail.subarray(0, 10), thumbnail.subarray(0, 100), notPng, longer]) {
      const error = await expectGameFileErrorCode(() => decodeThumbnail(bytes), 'THUMBNAIL_INVALID');
      expect(error.extensions).toMatchObject({ reason: 'alpha' });
    }
  });
});

describe('fuzz: decodeThumbnail', () => {
  /** A typed refusal, or the two halves adding up to the input less the 12 bytes of segment header. */
  const read = (bytes: Uint8Array) => {
    const { jpeg: plain, alphaPng } = decodeThumbnail(bytes);
    if (alphaPng) {
      if (plain.length + alphaPng.length + 12 !== bytes.length) throw new Error('the halves do not add up');
      if (alphaPng[0] !== 0x89 || alphaPng[1] !== 0x50) throw new Error('the mask is not a PNG');
    } else if (plain !== bytes) {
      throw new Error('a JPEG without a mask was copied or changed');
    }
  };

  it('survives mutations of thumbnails with and without a mask', async () => {
    const inputs = [withAlfa(jpeg, png), bytesOf(jpeg.subarray(0, 2), JFIF, withAlfa(jpeg, png).subarray(2)), jpeg];
    for (const [n, valid] of inputs.entries()) {
      const tally = await fuzzReader(mutations(valid, Math.ceil(FUZZ_ITERATIONS / inputs.length), 20 + n, [2, 4, 8, 22]), read);
      expect(tally.ok).toBeGreaterThan(0);
      expect(tally.error).toBeGreaterThan(0);
    }
  });

  it('survives every truncation of a thumbnail with a mask', async () => {
    const thumbnail = withAlfa(jpeg, png);
    const tally = await fuzzReader(truncations(thumbnail), read);
    // Once the mask is whole (after the SOI and 12 bytes of segment header), the header walk is
    // over: every longer prefix reads.
    expect(tally.ok).toBe(thumbnail.length - (2 + 12 + png.length));
  });

  it('survives random bytes after the SOI', async () => {
    const tally = await fuzzReader(randomInputs(FUZZ_ITERATIONS, 21, 200, [0xff, 0xd8, 0xff]), read);
    expect(tally.ok + tally.error).toBe(FUZZ_ITERATIONS);
  });
});

describe('readObjectThumbnail', () => {
  const CHAIR = 0x00a1b2c3d4e5f607n;
  const THUMB = 0x3c1af1f2;
  const THUMB_LARGE = 0x5b282d45;

  it('reads the largest thumbnail of an object in a package, packed or not, with its mask', async () => {
    const large = withAlfa(await sampleJpeg(96, 72), png);
    const pkg = writePackage([
      { type: 0x319e4f1d, group: 0, instance: CHAIR, data: new Uint8Array(40) },
      { type: THUMB, group: 1, instance: CHAIR, data: jpeg },
      { type: THUMB_LARGE, group: 2, instance: CHAIR, data: large, compression: 'zlib' },
      { type: THUMB_LARGE, group: 2, instance: 0x42n, data: withAlfa(await sampleJpeg(200, 150), png) },
    ]);
    const thumbnail = await readObjectThumbnail(byteSourceFromBytes(pkg), CHAIR);
    expect(thumbnail).not.toBeNull();
    expect((await sharp(Buffer.from(thumbnail!.jpeg)).metadata()).width).toBe(96);
    expect(same(thumbnail!.alphaPng!, png)).toBe(true);
  });

  it('answers null when the package has no thumbnail for the object, or only a deleted one', async () => {
    const pkg = writePackage([
      { type: 0x319e4f1d, group: 0, instance: CHAIR, data: new Uint8Array(40) },
      { type: THUMB, group: 1, instance: CHAIR, data: new Uint8Array(0), compression: 'deleted' },
    ]);
    expect(await readObjectThumbnail(byteSourceFromBytes(pkg), CHAIR)).toBeNull();
    expect(await readObjectThumbnail(byteSourceFromBytes(pkg), 0x1234n)).toBeNull();
  });

  it('refuses a damaged thumbnail with the reader’s error', async () => {
    const pkg = writePackage([{ type: THUMB, group: 1, instance: CHAIR, data: bytesOf([0x89, 0x50, 0x4e, 0x47]) }]);
    await expectGameFileErrorCode(() => readObjectThumbnail(byteSourceFromBytes(pkg), CHAIR), 'THUMBNAIL_INVALID');
  });
});
