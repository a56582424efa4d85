import { loadSharp } from '../../platform/sharp';
import type { StorageAdapter } from '../../platform/storage';

/** Larger than any logo or picture a company uploads (2 MB and 1 MB at most). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The logo is printed at 64 pt; 256 px keeps it sharp on paper and quick to embed. */
const LOGO_PIXELS = 256;

/** The bytes of a stored file, or undefined when it is missing, unreadable or too large. */
export async function readStoredFile(storage: StorageAdapter, key: string): Promise<Buffer | undefined> {
  try {
    const file = await storage.read(key);
    if (!file) return undefined;
    if (file.size > MAX_IMAGE_BYTES) {
      file.stream.destroy();
      return undefined;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  } catch {
    return undefined;
  }
}

/**
 * The company logo as a small PNG for the PDF header. pdfkit only embeds PNG and JPEG, and decodes
 * PNGs in JavaScript, so any logo (WebP, GIF, a large PNG) is scaled down and re-encoded first.
 */
export async function printableLogo(storage: StorageAdapter, key: string | null): Promise<Buffer | undefined> {
  if (!key) return undefined;
  const bytes = await readStoredFile(storage, key);
  if (!bytes) return undefined;
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 })
      .resize(LOGO_PIXELS, LOGO_PIXELS, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * Person pictures by storage key. They are stored as JPEGs of at most 512 px (normalizePicture),
 * which pdfkit embeds as they are; only keys in the company's picture folder are read.
 */
export async function printablePictures(
  storage: StorageAdapter,
  keys: readonly (string | null)[],
  folder: string,
): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(keys.filter((key): key is string => !!key?.startsWith(folder)))];
  const read = await Promise.all(wanted.map(async (key) => [key, await readStoredFile(storage, key)] as const));
  const pictures = new Map<string, Buffer>();
  for (const [key, bytes] of read) if (bytes) pictures.set(key, bytes);
  return pictures;
}
