import type { BenchResult } from './stats';

/**
 * Runs the benchmarks of `registry` named on the command line (all without names), prints a
 * PASS or FAIL line with the figure and the budget for each result (NOT JUDGED, with its reason,
 * for a result taken on a machine too busy to judge it), and exits 1 when a judged budget failed
 * (2 for an unknown name).
 */
export async function runBenchmarks(
  registry: Record<string, () => Promise<BenchResult | BenchResult[]>>,
  wanted: readonly string[] = process.argv.slice(2),
): Promise<never> {
  const unknown = wanted.filter((name) => !(name in registry));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(registry).join(', ')}\n`);
    process.exit(2);
  }
  let failed = false;
  for (const [name, run] of Object.entries(registry)) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    for (const result of ([] as BenchResult[]).concat(await run())) {
      const judged = result.judged !== false;
      failed ||= judged && !result.pass;
      const verdict = judged ? (result.pass ? 'PASS' : 'FAIL') : 'NOT JUDGED';
      const reason = judged ? '' : `\n      not judged: ${result.notJudgedReason ?? 'the machine was too busy'}`;
      process.stdout.write(`${verdict}  ${result.name}\n      ${result.figure}  (budget: ${result.budget})${reason}\n`);
    }
  }
  process.exit(failed ? 1 : 0);
}
