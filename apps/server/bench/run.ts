// `npm run bench [name…]`: measures the budgets named in the issues and prints the figures.
// Names: startup, bundle, initData, draftSave, viewer, historyCompare, print, throughput. Without names, all of them run. Exit code 1 if a budget fails.
import { benchBundle } from './bundle.bench';
import { benchDraftSave } from './draft-save.bench';
import { benchHistoryCompare } from './history-compare.bench';
import { benchInitData } from './init-data.bench';
import { benchPrint } from './print.bench';
import { benchStartup } from './startup.bench';
import type { BenchResult } from './stats';
import { benchThroughput } from './throughput.bench';
import { benchViewer } from './viewer.bench';

const BENCHMARKS: Record<string, () => Promise<BenchResult | BenchResult[]>> = {
  startup: benchStartup,
  bundle: benchBundle,
  initData: benchInitData,
  draftSave: benchDraftSave,
  viewer: benchViewer,
  historyCompare: benchHistoryCompare,
  print: benchPrint,
  throughput: benchThroughput,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  process.stderr.write(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}\n`);
  process.exit(2);
}

let failed = false;
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  for (const result of ([] as BenchResult[]).concat(await run())) {
    failed ||= !result.pass;
    process.stdout.write(
      `${result.pass ? 'PASS' : 'FAIL'}  ${result.name}\n      ${result.figure}  (budget: ${result.budget})\n`,
    );
  }
}
process.exit(failed ? 1 : 0);
