// `npm run bench [name…]`: measures the budgets named in the issues and prints the figures.
// Names: startup, bundle, initData, draftSave, viewer, historyCompare, print, reportPrint, reportPrintLoad, throughput, photo, pwaFirstLoad, offlineStart. Without names, all of them run. Exit code 1 if a budget fails.
import { benchBundle } from './bundle.bench';
import { benchDraftSave } from './draft-save.bench';
import { benchHistoryCompare } from './history-compare.bench';
import { benchInitData } from './init-data.bench';
import { benchPhoto } from './photo.bench';
import { benchPrint } from './print.bench';
import { benchOfflineStart, benchPwaFirstLoad } from './pwa.bench';
import { benchReportPrint } from './report-print.bench';
import { benchReportPrintLoad } from './report-print-load.bench';
import { runBenchmarks } from './runner';
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
  reportPrint: benchReportPrint,
  reportPrintLoad: benchReportPrintLoad,
  throughput: benchThroughput,
  photo: benchPhoto,
  pwaFirstLoad: benchPwaFirstLoad,
  offlineStart: benchOfflineStart,
};

await runBenchmarks(BENCHMARKS);
