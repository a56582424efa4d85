import { encodeExtended } from 'content-disposition';

export interface DispositionOptions {
  /** inline: shown in the browser's viewer; attachment: saved as a file. */
  type: 'attachment' | 'inline';
  /**
   * both (default): an ASCII `filename` for old clients and the exact UTF-8 `filename*` (RFC 6266
   * §4.3); plain: `filename` alone, for names built from ASCII (a `filename*` is still added when
   * the name is not plain ASCII after all); utf8: `filename*` alone (stored attachments, whose
   * names the users typed: every supported browser reads it).
   */
  names?: 'both' | 'plain' | 'utf8';
}

/** The name with every character outside printable ASCII, and the quote and backslash, as "_". */
function asciiFallback(fileName: string): string {
  return fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

/**
 * The Content-Disposition header of every download. The `filename*` value is encoded by the
 * `content-disposition` package (RFC 8187: UTF-8, percent-encoded, `'()*` included, which
 * encodeURIComponent leaves bare); the ASCII fallback keeps the shape our clients and tests know
 * (a quoted name with "_" for what ASCII cannot say).
 */
export function contentDisposition(fileName: string, { type, names = 'both' }: DispositionOptions): string {
  const ascii = asciiFallback(fileName);
  const extended = `filename*=${encodeExtended(fileName)}`;
  if (names === 'utf8') return `${type}; ${extended}`;
  if (names === 'plain' && ascii === fileName) return `${type}; filename="${ascii}"`;
  return `${type}; filename="${ascii}"; ${extended}`;
}
