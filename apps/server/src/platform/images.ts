import { loadSharp } from './sharp';

/**
 * Decoding is bounded: a small file can claim a huge canvas (a "pixel bomb"). 100 megapixels
 * covers every phone camera while keeping a decode within a few hundred MB.
 */
const LIMIT_INPUT_PIXELS = 100_000_000;

export const THUMBNAIL_SIZE = 320;
export const PICTURE_SIZE = 512;

export interface EncodedImage {
  data: Buffer;
  mime: string;
  ext: string;
}

/**
 * A thumbnail at most 320 px on its longer side, as WebP (keeps transparency, small), turned
 * upright by its EXIF orientation. Undefined when the image cannot be decoded (e.g. HEIC without
 * its codec): the attachment is kept and shown with an icon.
 */
export async function makeThumbnail(bytes: Buffer): Promise<EncodedImage | undefined> {
  const sharp = await loadSharp();
  try {
    const data = await sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { data, mime: 'image/webp', ext: 'webp' };
  } catch {
    return undefined;
  }
}

/**
 * The image turned upright, centre-cropped to a square of the side `sideOf` gives for its size,
 * flattened on white and re-encoded as JPEG: re-encoding drops EXIF (location, camera) and anything
 * hidden in the file. Undefined when the bytes cannot be decoded as an image.
 */
async function squareJpeg(
  bytes: Buffer,
  sideOf: (width: number, height: number) => number,
): Promise<EncodedImage | undefined> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }).rotate();
    const { width = 0, height = 0 } = await image.metadata();
    const side = Math.min(width, height) > 0 ? sideOf(width, height) : 0;
    if (side <= 0) return undefined;
    const data = await image
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { data, mime: 'image/jpeg', ext: 'jpg' };
  } catch {
    return undefined;
  }
}

/** A person picture: a JPEG of at most 512×512 (centre-cropped if the client did not crop it). */
export function normalizePicture(bytes: Buffer): Promise<EncodedImage | undefined> {
  return squareJpeg(bytes, (width, height) => Math.min(width, height, PICTURE_SIZE));
}

/**
 * A profile picture: always a 512×512 JPEG (centre-cropped if the client did not crop it, enlarged
 * when smaller), so every avatar has one shape.
 */
export function squareAvatar(bytes: Buffer): Promise<EncodedImage | undefined> {
  return squareJpeg(bytes, () => PICTURE_SIZE);
}
