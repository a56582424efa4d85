import { REPORT_UPLOAD_MESSAGES } from '@blotter/shared';
import { AppError } from '../../plugins/errors';

/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

/**
 * How many search report prints this process renders at once (spec 2 §4 print). A print of
 * thousands of rows takes seconds of CPU and tens of megabytes: unbounded, a few at once stalled
 * every other request. Up to `concurrency` run; up to `queue` more wait their turn in arrival
 * order; any further one is refused with 429 at once. A waiting print whose client leaves gives
 * up its place. Per process, like the CPU and memory it protects.
 */
export class PrintLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /** Prints rendering now, and waiting. */
  get active(): number {
    return this.running;
  }
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * A slot to print in, once one is free: 429 when the queue is full; when `signal` aborts while
   * waiting (the client left), the wait ends with 499 (answered to no one).
   */
  async acquire(signal?: AbortSignal): Promise<ReleaseSlot> {
    if (signal?.aborted) throw clientLeft();
    if (this.running < this.concurrency) {
      this.running += 1;
      return this.releaser();
    }
    if (this.waiting.length >= this.queue) throw new AppError('RATE_LIMITED', REPORT_UPLOAD_MESSAGES.busy);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(clientLeft());
      };
      this.waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
    return this.releaser();
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next in line, so a newcomer cannot take it first.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }
}

/** nginx's 'client closed request': nobody reads it, and it is no server fault to log. */
const clientLeft = () => new AppError('CLIENT_CLOSED', 'The print was cancelled.', 499);
