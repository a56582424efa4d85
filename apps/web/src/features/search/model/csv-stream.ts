/**
 * Counts the records of a CSV read in chunks, for the export's progress: a line break ends a
 * record only outside quotes (a summary may hold line breaks), and the first record is the header.
 */
export function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    /** Reads the next bytes of the file. */
    push(chunk: Uint8Array) {
      for (const byte of chunk) {
        // '"' toggles; an escaped quote ('""') toggles twice, which leaves the state as it was.
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records++;
      }
    },
    /** Data rows read so far (the header not counted). */
    rows: () => Math.max(0, records - 1),
  };
}

/**
 * The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) before filename;
 * `fallback` when there is none. Path separators are dropped, so a name cannot point elsewhere.
 */
export function contentDispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = plain?.[2] ?? plain?.[1]?.trim();
  }
  const safe = name?.replace(/[\\/]/g, '_').trim();
  return safe || fallback;
}
