import { DEBOUNCE } from '@blotter/shared/constants';

/** Waits after a failed save: 2 s, 5 s, 10 s, then every 30 s. */
export const RETRY_DELAYS_MS: readonly number[] = [2000, 5000, 10_000];
export const RETRY_EVERY_MS = 30_000;
/** Consecutive failures after which the person is told that saving keeps failing. */
export const FAILURES_BEFORE_WARNING = 3;

/** The delay before retry number `failures` (1 after the first failure). */
export function retryDelay(failures: number): number {
  return RETRY_DELAYS_MS[failures - 1] ?? RETRY_EVERY_MS;
}

export interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface AutosaverOptions<T, R> {
  /**
   * The current data of the form. `complete` asks fields that hold typing back (rich text, pushed
   * after a pause) to hand it over first: for the 30 s save and on leaving, not after each change,
   * or a save per pause of the autosave would cut the fields' own debounce short.
   */
  read: (options: { complete: boolean }) => T;
  save: (data: T, options: { keepalive: boolean }) => Promise<R>;
  /** The data the server holds (the loaded working copy). */
  saved: T;
  /** Unsaved data, before each attempt to save it (the caller keeps a local copy). */
  onUnsaved?: (data: T) => void;
  onSaved?: (data: T, result: R) => void;
  /** True after FAILURES_BEFORE_WARNING failures in a row; false again on the next success. */
  onFailingChange?: (failing: boolean, error: unknown) => void;
  timers?: Timers;
  debounceMs?: number;
  intervalMs?: number;
}

type Reason = 'change' | 'interval' | 'retry' | 'leave';

/**
 * The draft autosave of spec 1 §4: a change saves after a 200 ms pause, every 30 s and on leaving the
 * working copy is saved if it differs from the last saved copy. Never two saves in flight (the latest
 * data is saved once the current one ends); failed saves are retried with backoff, during which
 * changes wait for the retry instead of hammering a server that is down.
 */
export class Autosaver<T, R = unknown> {
  private readonly options: AutosaverOptions<T, R>;
  private readonly timers: Timers;
  private savedJson: string;
  private debounceHandle: unknown;
  private retryHandle: unknown;
  private intervalHandle: unknown;
  private inFlight: Promise<void> | undefined;
  private queued = false;
  private failures = 0;
  private stopped = true;

  constructor(options: AutosaverOptions<T, R>) {
    this.options = options;
    this.timers = options.timers ?? browserTimers;
    this.savedJson = JSON.stringify(options.saved);
  }

  /** Starts the 30 s interval (again, after stop). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.intervalHandle = this.timers.setInterval(
      () => void this.request('interval'),
      this.options.intervalMs ?? DEBOUNCE.draftAutosaveEveryMs,
    );
  }

  /** The form changed: save after the debounce pause. */
  changed(): void {
    if (this.stopped) return;
    this.timers.clearTimeout(this.debounceHandle);
    this.debounceHandle = this.timers.setTimeout(() => {
      this.debounceHandle = undefined;
      this.keepLocal(false);
      void this.request('change');
    }, this.options.debounceMs ?? DEBOUNCE.draftSaveMs);
  }

  /** Saves now if the data differs from the last saved copy (leaving the form, the tab hidden). */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.timers.clearTimeout(this.debounceHandle);
    this.debounceHandle = undefined;
    this.keepLocal(true);
    return this.request('leave', options.keepalive ?? false);
  }

  /** True when the form holds data the server does not have yet. */
  hasUnsavedChanges(): boolean {
    return JSON.stringify(this.options.read({ complete: true })) !== this.savedJson;
  }

  /** Stops all timers and waits for a save in flight (before submit or delete, or on unmount). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queued = false;
    this.timers.clearTimeout(this.debounceHandle);
    this.timers.clearTimeout(this.retryHandle);
    this.timers.clearInterval(this.intervalHandle);
    this.debounceHandle = undefined;
    this.retryHandle = undefined;
    this.intervalHandle = undefined;
    await this.inFlight;
  }

  /**
   * Leaving the form: waits for a save in flight, saves the latest data if it still differs, and
   * stops (no retries afterwards; the local copy keeps what could not be saved).
   */
  async close(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.queued = false;
    this.timers.clearTimeout(this.debounceHandle);
    this.timers.clearTimeout(this.retryHandle);
    this.timers.clearInterval(this.intervalHandle);
    this.debounceHandle = undefined;
    this.retryHandle = undefined;
    this.intervalHandle = undefined;
    this.keepLocal(true);
    await this.inFlight;
    const data = this.options.read({ complete: true });
    const json = JSON.stringify(data);
    if (json !== this.savedJson) await this.attempt(data, json, options.keepalive ?? false);
  }

  private keepLocal(complete: boolean): void {
    const data = this.options.read({ complete });
    if (JSON.stringify(data) !== this.savedJson) this.options.onUnsaved?.(data);
  }

  private request(reason: Reason, keepalive = false): Promise<void> {
    if (this.stopped) return Promise.resolve();
    // While a retry is scheduled, changes and the interval wait for it.
    if ((reason === 'change' || reason === 'interval') && this.retryHandle !== undefined) return Promise.resolve();
    if (reason === 'retry') this.retryHandle = undefined;
    if (this.inFlight) {
      this.queued = true;
      return this.inFlight;
    }
    const data = this.options.read({ complete: reason === 'interval' || reason === 'leave' });
    const json = JSON.stringify(data);
    if (json === this.savedJson) return Promise.resolve();
    this.inFlight = this.attempt(data, json, keepalive).finally(() => {
      this.inFlight = undefined;
      if (this.queued && !this.stopped) {
        this.queued = false;
        // Like a change: after a failure the scheduled retry saves the latest data.
        void this.request('change');
      }
    });
    return this.inFlight;
  }

  private async attempt(data: T, json: string, keepalive: boolean): Promise<void> {
    try {
      const result = await this.options.save(data, { keepalive });
      this.savedJson = json;
      const wasFailing = this.failures >= FAILURES_BEFORE_WARNING;
      this.failures = 0;
      this.timers.clearTimeout(this.retryHandle);
      this.retryHandle = undefined;
      this.options.onSaved?.(data, result);
      if (wasFailing) this.options.onFailingChange?.(false, undefined);
    } catch (error) {
      this.failures += 1;
      if (this.stopped) return;
      if (this.failures === FAILURES_BEFORE_WARNING) this.options.onFailingChange?.(true, error);
      this.timers.clearTimeout(this.retryHandle);
      this.retryHandle = this.timers.setTimeout(() => void this.request('retry'), retryDelay(this.failures));
    }
  }
}
