/** The longest stretch of work between two turns of the event loop, so a long print does not hold other requests. */
const SLICE_MS = 5;
/** Bytes written but not yet taken by the reader past which laying out waits (a slow client). */
const UNREAD_LIMIT = 1024 * 1024;

/**
 * Lets other requests run between slices of a long print, waits while the reader has not taken
 * what was written, and tells whether the print should stop.
 */
export class Pacer {
  private sliceStart = performance.now();

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly signal: AbortSignal | undefined,
  ) {}

  get stopped(): boolean {
    return this.pdf.destroyed || this.signal?.aborted === true;
  }

  /** Between two rows: a turn of the event loop once a slice is used up, and room in the stream. */
  async pace(force = false): Promise<void> {
    if (!force && performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pdf.readableLength > UNREAD_LIMIT && !this.stopped) await this.read();
    this.sliceStart = performance.now();
  }

  /** Until the reader takes a chunk, leaves, or the print is aborted. */
  private read(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.pdf.off('data', done);
        this.pdf.off('close', done);
        this.signal?.removeEventListener('abort', done);
        resolve();
      };
      this.pdf.on('data', done);
      this.pdf.on('close', done);
      this.signal?.addEventListener('abort', done);
    });
  }
}
