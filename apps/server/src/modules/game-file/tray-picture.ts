import sharp from 'sharp';
import { decodeTrayImage, DEFAULT_MAX_TRAY_IMAGE_BYTES } from './tray.reader';

/** What a tray picture is served as. */
export interface ServedPicture {
  body: Buffer;
  mimetype: 'image/jpeg' | 'image/png';
}

/** The largest stored tray picture the route decodes. */
export const MAX_TRAY_PICTURE_BYTES = DEFAULT_MAX_TRAY_IMAGE_BYTES;

/**
 * A tray picture's bytes as a browser shows them (SPEC 7 getEncryptedImage): the XOR-encoded payload
 * decoded; a JPEG with an "ALFA" transparency mask becomes a PNG with that mask as its alpha
 * channel. A mask that does not fit the picture is left out (the picture still shows). Damage
 * throws the reader's GameFileError.
 */
export async function servedTrayPicture(bytes: Uint8Array): Promise<ServedPicture> {
  const picture = decodeTrayImage(bytes);
  const image = Buffer.from(picture.image.buffer, picture.image.byteOffset, picture.image.byteLength);
  if (picture.format === 'png') return { body: image, mimetype: 'image/png' };
  return servedJpeg(image, picture.alphaPng);
}

/**
 * A game JPEG as a browser shows it: as it is, or with its "ALFA" mask (a PNG whose red channel is
 * the alpha) as a PNG with that alpha channel. A mask that does not fit is left out.
 */
export async function servedJpeg(image: Buffer, alphaPng: Uint8Array | undefined): Promise<ServedPicture> {
  if (!alphaPng) return { body: image, mimetype: 'image/jpeg' };
  try {
    const alpha = await sharp(alphaPng).extractChannel('red').toBuffer();
    const body = await sharp(image).joinChannel(alpha).png().toBuffer();
    return { body, mimetype: 'image/png' };
  } catch {
    return { body: image, mimetype: 'image/jpeg' };
  }
}
