/** Runs fn `runs` times after `warmup` unmeasured runs; answers the timings in milliseconds. */
export async function measure(fn: () => Promise<unknown>, runs = 200, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export interface BenchResult {
  name: string;
  budget: string;
  figure: string;
  pass: boolean;
  /**
   * false: the figure was taken on a machine too busy to judge it (e.g. a 1-minute load average
   * above its cores); the runner prints it as NOT JUDGED and does not count it as a failure.
   */
  judged?: false;
  /** Why the result is not judged. */
  notJudgedReason?: string;
}

/** A timing result against a median budget in milliseconds. */
export function medianResult(name: string, times: readonly number[], budgetMs: number): BenchResult {
  const median = percentile(times, 50);
  return {
    name,
    budget: `median < ${budgetMs} ms`,
    figure: `median ${median.toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${times.length} runs)`,
    pass: median < budgetMs,
  };
}
