// Camera photos are resized on the phone before the outbox keeps them (issue 30): a 12 MP photo
// of 3 to 10 MB would fill the phone's storage quota and take minutes to send on a weak network.
// No imports: the bench (apps/server/bench/photo.bench.ts) transpiles this file alone and runs it
// in Chromium, as jsdom has no canvas.

/** The most a kept photo may weigh. */
export const MAX_PHOTO_BYTES = 600 * 1024;
/** The longest side of a kept photo, in pixels: enough to read a licence plate or a face. */
export const MAX_PHOTO_SIDE = 2048;
/** JPEG qualities tried in turn at the largest size, before the size itself steps down. */
export const PHOTO_QUALITIES = [0.85, 0.75, 0.65, 0.5] as const;
/** Each size step keeps this share of the previous long side. */
const SIDE_STEP = 0.8;
/** Below this long side a photo stops being useful; the steps end there. */
const MIN_PHOTO_SIDE = 320;

export const PHOTO_MESSAGES = {
  notAPhoto: 'This file is not a photo.',
  unsupported: 'This browser cannot resize photos.',
  tooLarge: 'This photo could not be made small enough to keep.',
} as const;

export interface ResizePhotoOptions {
  maxBytes?: number;
  maxSide?: number;
}

export interface ResizedPhoto {
  blob: Blob;
  width: number;
  height: number;
  type: 'image/jpeg';
}

export interface PhotoStep {
  width: number;
  height: number;
  quality: number;
}

/**
 * The encodings tried in turn for a photo of width × height (as displayed): the largest size
 * (long side at most maxSide, never enlarged) at each quality of PHOTO_QUALITIES, then smaller
 * sizes at the lowest quality, down to a long side of MIN_PHOTO_SIDE.
 */
export function photoSteps(width: number, height: number, maxSide = MAX_PHOTO_SIDE): PhotoStep[] {
  const long = Math.max(width, height);
  const sized = (side: number) => {
    const scale = Math.min(1, side / long);
    return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  };
  const largest = sized(maxSide);
  const steps: PhotoStep[] = PHOTO_QUALITIES.map((quality) => ({ ...largest, quality }));
  const lowest = PHOTO_QUALITIES[PHOTO_QUALITIES.length - 1] ?? 0.5;
  for (let side = Math.min(maxSide, long) * SIDE_STEP; side >= MIN_PHOTO_SIDE; side *= SIDE_STEP) {
    steps.push({ ...sized(side), quality: lowest });
  }
  return steps;
}

/** A 2D canvas of the size, offscreen where the browser has OffscreenCanvas (also in a worker). */
function jpegCanvas(width: number, height: number) {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    return context && { context, encode: (quality: number) => canvas.convertToBlob({ type: 'image/jpeg', quality }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  return (
    context && {
      context,
      encode: (quality: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)),
    }
  );
}

async function decode(file: Blob): Promise<ImageBitmap> {
  if (typeof createImageBitmap !== 'function') throw new Error(PHOTO_MESSAGES.unsupported);
  try {
    // from-image: a phone held upright stores a landscape picture with an EXIF orientation.
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(PHOTO_MESSAGES.notAPhoto);
  }
}

/**
 * A camera photo (JPEG, PNG, HEIC as the browser hands it over) made into a JPEG of at most
 * maxBytes, upright as the camera saw it, long side at most maxSide: the quality steps down
 * first, then the size (photoSteps). Always re-encoded, which also drops the metadata (the
 * place the photo was taken, the phone's make). Anything the browser cannot decode as an image
 * is refused with PHOTO_MESSAGES.notAPhoto.
 */
export async function resizePhoto(file: Blob, options: ResizePhotoOptions = {}): Promise<ResizedPhoto> {
  const maxBytes = options.maxBytes ?? MAX_PHOTO_BYTES;
  // A type the browser knows and that is not an image needs no decoding to be refused.
  if (file.type !== '' && !file.type.startsWith('image/')) throw new Error(PHOTO_MESSAGES.notAPhoto);
  const bitmap = await decode(file);
  try {
    let drawn: { width: number; height: number; encode: (quality: number) => Promise<Blob | null> } | undefined;
    for (const step of photoSteps(bitmap.width, bitmap.height, options.maxSide)) {
      if (drawn?.width !== step.width || drawn.height !== step.height) {
        const canvas = jpegCanvas(step.width, step.height);
        if (!canvas) throw new Error(PHOTO_MESSAGES.unsupported);
        // JPEG has no transparency: a transparent PNG's background becomes white, not black.
        canvas.context.fillStyle = '#fff';
        canvas.context.fillRect(0, 0, step.width, step.height);
        canvas.context.imageSmoothingQuality = 'high';
        canvas.context.drawImage(bitmap, 0, 0, step.width, step.height);
        drawn = { width: step.width, height: step.height, encode: canvas.encode };
      }
      const blob = await drawn.encode(step.quality);
      // A browser that cannot encode JPEG answers PNG instead.
      if (blob?.type !== 'image/jpeg') throw new Error(PHOTO_MESSAGES.unsupported);
      if (blob.size <= maxBytes) return { blob, width: step.width, height: step.height, type: 'image/jpeg' };
    }
    throw new Error(PHOTO_MESSAGES.tooLarge);
  } finally {
    bitmap.close();
  }
}
