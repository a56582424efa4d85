// `npm run bench:scale [name…]`: the budgets of lists and the dashboard at 10,000 and 100,000
// incidents, the wait of other calls on PGlite while dashboards load, and the search at scale
// (searchLoad builds the 1.9-million-incident data set, search/searchExport/searchPglite measure;
// see README.md here). Each scenario is a module of this folder registered below; without names,
// all run in this order. Exit code 1 if a budget fails.
import { runBenchmarks } from '../runner';
import type { BenchResult } from '../stats';
import { benchAnalysisPostgres } from './analysis.scale';
import { benchDashboardPostgres } from './dashboard-postgres.scale';
import { benchHealthWait } from './health-wait';
import { benchImport } from './import.scale';
import { benchSearchPostgres } from './search.scale';
import { benchSearchDesigns } from './search-designs.scale';
import { benchSearchExport } from './search-export.scale';
import { benchSearchLoad, benchSearchLoadPglite } from './search-load.scale';
import { benchSearchPglite } from './search-pglite.scale';
import { benchSubjects } from './subjects.scale';

const SCENARIOS: Record<string, () => Promise<BenchResult[]>> = {
  dashboardPostgres: benchDashboardPostgres,
  healthWait: benchHealthWait,
  searchLoad: benchSearchLoad,
  searchLoadPglite: benchSearchLoadPglite,
  search: benchSearchPostgres,
  searchExport: benchSearchExport,
  searchPglite: benchSearchPglite,
  searchDesigns: benchSearchDesigns,
  analysis: benchAnalysisPostgres,
  subjects: benchSubjects,
  import: benchImport,
};

await runBenchmarks(SCENARIOS);
