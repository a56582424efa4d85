/** Background work run on a timer: one run at a time, until stopped. */
export interface IntervalLoop {
  /** Runs every intervalMs (a tick is skipped while a run is under way) until stopped. */
  start(intervalMs: number): void;
  /** Stops the timer and tells the run under way to stop (keepGoing); waits for it to finish. */
  stop(): Promise<void>;
}

/**
 * A timer loop of background work: `run` gets keepGoing (false once stopped) for work done in
 * steps; a failed run is logged with `failure` and the loop goes on. The timer does not keep the
 * process alive.
 */
export function createIntervalLoop(
  run: (keepGoing: () => boolean) => Promise<unknown>,
  log: (error: unknown, message: string) => void,
  failure: string,
): IntervalLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  return {
    start(intervalMs) {
      stopped = false;
      timer ??= setInterval(() => {
        if (running || stopped) return;
        running = run(() => !stopped)
          .catch((error) => log(error, failure))
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
