import type { TestContext } from '../../test/test-app';
import { type BenchResult, measure, percentile } from '../stats';

export interface CallsBudget {
  /** Median time of the calls together, in milliseconds. */
  ms: number;
  /** Bytes of their answers together. */
  bytes: number;
}

/**
 * Sends the GET calls one after the other through the whole app (authenticated, as a browser
 * would), `runs` times after `warmup` unmeasured rounds, and holds their total time (median, p95
 * shown) and the bytes of their JSON answers (uncompressed) to the budget.
 */
export async function measureCalls(
  name: string,
  t: TestContext,
  headers: Record<string, string>,
  urls: readonly string[],
  budget: CallsBudget,
  runs = 100,
  warmup = 20,
): Promise<BenchResult> {
  let bytes = 0;
  const round = async () => {
    bytes = 0;
    for (const url of urls) {
      const response = await t.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
      bytes += response.rawPayload.length;
    }
  };
  const times = await measure(round, runs, warmup);
  const median = percentile(times, 50);
  return {
    name,
    budget: `median < ${budget.ms} ms, answers < ${budget.bytes / 1000} KB`,
    figure:
      `median ${median.toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms (${times.length} runs), ` +
      `${(bytes / 1000).toFixed(2)} KB`,
    pass: median < budget.ms && bytes < budget.bytes,
  };
}
