import { createIntervalLoop } from './interval-loop';

/**
 * What a sweeper deletes and how often: `sweep` is one idempotent statement over `Source` (the
 * database, the rate counters), which any number of server processes may run side by side.
 */
export interface SweepDefinition<Source> {
  /** Deletes everything expired now; answers how many rows went. */
  sweep(source: Source): Promise<number>;
  /** What has expired is gone within this long. */
  intervalMs: number;
  /** The log message of a failed sweep (the timer goes on). */
  failure: string;
}

/** Deletes what has expired on a timer; `sweep` is also called directly (tests, an operator). */
export interface Sweeper {
  /** Deletes everything expired now; answers how many rows went. */
  sweep(): Promise<number>;
  /** Sweeps every intervalMs (the definition's without one) until stopped. */
  start(intervalMs?: number): void;
  /** Stops sweeping; a sweep under way finishes first. */
  stop(): Promise<void>;
}

/**
 * A timer rather than the job table: a sweep needs no queue, retry or record, and running it in
 * two processes at once does no harm.
 */
export function createSweeper<Source>(
  definition: SweepDefinition<Source>,
  source: Source,
  log: (error: unknown, message: string) => void,
): Sweeper {
  const sweep = () => definition.sweep(source);
  const loop = createIntervalLoop(sweep, log, definition.failure);
  return {
    sweep,
    start: (intervalMs = definition.intervalMs) => loop.start(intervalMs),
    stop: () => loop.stop(),
  };
}
