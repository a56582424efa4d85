import { rm } from 'node:fs/promises';
import { tempDataDir } from '../server-process';
import type { BenchResult } from '../stats';
import type { LoadReport } from './search-data/load';
import { buildPgliteSearchData, buildPostgresSearchData, SEARCH_DATABASE } from './search-data/search-database';

const LOAD_BUDGET_MS = 10 * 60_000;

/** The machine's load average when a figure was taken: other work on the 2 cores slows the load. */
const loadAverage = async () =>
  (await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

const describe = (report: LoadReport) =>
  `${(report.totalMs / 1000).toFixed(0)} s (${Object.entries(report.steps)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(0)} s`)
    .join(', ')}); rows: ${Object.entries(report.rows)
    .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
    .join(', ')}`;

/** `searchLoad`: builds the PostgreSQL data set of the search benchmark (10 companies, 1.9 million incidents). */
export async function benchSearchLoad(): Promise<BenchResult[]> {
  const report = await buildPostgresSearchData();
  return [
    {
      name: `Search data set loaded into PostgreSQL database ${SEARCH_DATABASE} (load average after: ${await loadAverage()})`,
      budget: 'under 10 minutes',
      figure: describe(report),
      pass: report.totalMs < LOAD_BUDGET_MS,
    },
  ];
}

/** `searchLoadPglite`: the same script builds 10,000 incidents on PGlite (a temporary data directory). */
export async function benchSearchLoadPglite(): Promise<BenchResult[]> {
  const dataDir = await tempDataDir();
  try {
    const { report } = await buildPgliteSearchData(dataDir);
    return [
      {
        name: 'Search data set loaded into PGlite (10,000 incidents)',
        budget: 'loads',
        figure: describe(report),
        pass: report.rows.incidents === 10_000,
      },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
