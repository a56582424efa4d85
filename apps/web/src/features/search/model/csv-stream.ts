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

// Moved to lib/download (the analysis excel download names its file the same way).
export { contentDispositionFileName } from '../../../lib/download';
