import { concatBytes, JPEG_SIGNATURE, PNG_SIGNATURE, startsWith } from './binary.reader';
import type { ByteSource } from './byte-source.reader';
import { readPackageIndex, readResource, type PackageEntry } from './dbpf.reader';
import { gameFileError } from './game-file.errors';
import { Compression, resourceKind } from './resource-types.constants';

export interface DecodedThumbnail {
  /** The JPEG, without the ALFA segment: any JPEG decoder reads it. */
  jpeg: Uint8Array;
  /** The transparency mask: a PNG whose red channel is the alpha. */
  alphaPng?: Uint8Array;
}

const ALFA = [0x41, 0x4c, 0x46, 0x41];

/**
 * Splits a Sims 4 thumbnail (a JPEG that may carry an "ALFA" APP0 segment with a PNG alpha mask)
 * into the plain JPEG and the mask. The segment's own 16-bit length overflows for masks over
 * 64 KiB, so the mask's 32-bit big-endian length after "ALFA" is the one that counts.
 *
 * Only the segments before the image data are walked; each step moves forward, so a hostile file
 * ends the walk in at most one pass over its bytes.
 */
export function decodeThumbnail(bytes: Uint8Array): DecodedThumbnail {
  if (!startsWith(bytes, JPEG_SIGNATURE)) throw gameFileError('THUMBNAIL_INVALID', { reason: 'not-jpeg' });
  const damaged = () => gameFileError('THUMBNAIL_INVALID', { reason: 'damaged' });
  let pos = 2;
  for (;;) {
    if (pos + 1 >= bytes.length || bytes[pos] !== 0xff) throw damaged();
    // Any number of 0xFF fill bytes may come before a marker.
    while (pos + 1 < bytes.length && bytes[pos + 1] === 0xff) pos += 1;
    if (pos + 1 >= bytes.length) throw damaged();
    const marker = bytes[pos + 1]!;
    // Start of scan or end of image: the header segments are over and there was no mask.
    if (marker === 0xda || marker === 0xd9) return { jpeg: bytes };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    if (pos + 4 > bytes.length) throw damaged();
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    if (length < 2) throw damaged();
    if (marker === 0xe0 && startsWith(bytes, ALFA, pos + 4)) return splitAlfa(bytes, pos);
    pos += 2 + length;
  }
}

function splitAlfa(bytes: Uint8Array, start: number): DecodedThumbnail {
  const alpha = () => gameFileError('THUMBNAIL_INVALID', { reason: 'alpha' });
  const at = start + 8;
  if (at + 4 > bytes.length) throw alpha();
  const pngLength = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  const end = at + 4 + pngLength;
  if (end > bytes.length) throw alpha();
  const alphaPng = bytes.subarray(at + 4, end);
  if (!startsWith(alphaPng, PNG_SIGNATURE)) throw alpha();
  return { jpeg: concatBytes([bytes.subarray(0, start), bytes.subarray(end)]), alphaPng };
}

/** Thumbnails larger than this are not read (the game's largest catalog thumbnail is far smaller). */
export const MAX_THUMBNAIL_BYTES = 4 * 1024 * 1024;

/**
 * A catalog object's thumbnail in a package: of the thumbnail resources with the object's instance
 * (one per size), the largest, unpacked and split into its JPEG and transparency mask. Null when the
 * package has none for that instance. Reads the index and that one resource, by positioned reads.
 */
export async function readObjectThumbnail(source: ByteSource, instance: bigint): Promise<DecodedThumbnail | null> {
  const { entries } = await readPackageIndex(source);
  const candidates = entries.filter((e) => e.instance === instance && e.compression !== Compression.DELETED && resourceKind(e.type) === 'thumbnail');
  const largest = candidates.reduce<PackageEntry | null>((best, e) => (best === null || e.uncompressedSize > best.uncompressedSize ? e : best), null);
  if (!largest) return null;
  return decodeThumbnail(await readResource(source, largest, { maxBytes: MAX_THUMBNAIL_BYTES }));
}
