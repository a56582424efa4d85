/** Bytes in the company file size limits, which are given in MB (spec 1 §5). */
const MB = 1024 * 1024;

/** The message for a file over the limit, or null when it fits. */
export function fileSizeError(file: { size: number }, limitMb: number | null | undefined): string | null {
  if (!limitMb || limitMb <= 0) return null;
  if (file.size <= limitMb * MB) return null;
  return `The file is larger than the ${formatMb(limitMb)} MB limit.`;
}

/** Spec 1 §4: a person picture must be an image. */
export function isImageFile(file: { type: string; name: string }): boolean {
  if (file.type) return file.type.startsWith('image/');
  return /\.(jpe?g|png|gif|webp|bmp)$/i.test(file.name);
}

/** '20', '0.5' */
export function formatMb(limitMb: number): string {
  return Number.isInteger(limitMb) ? String(limitMb) : String(Number(limitMb.toFixed(2)));
}
