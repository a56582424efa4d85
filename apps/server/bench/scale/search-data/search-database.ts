import os from 'node:os';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../../src/config';
import { prepareDatabase } from '../../../src/db/prepare';
import { systemState } from '../../../src/db/schema/index';
import { POSTGRES_BASE_URL } from '../scratch-postgres';
import type { BenchCompany } from './companies';
import { type Lane, pgliteLane, postgresLanes } from './lanes';
import { type LoadReport, loadSearchData } from './load';

/** Incidents per company on PostgreSQL: the measured company, then nine of 100,000 (1.9 million in all). */
export const POSTGRES_SIZES = [1_000_000, ...Array.from({ length: 9 }, () => 100_000)];
/** On PGlite one company of 10,000 incidents. */
export const PGLITE_SIZES = [10_000];
/** The database the PostgreSQL data set is built in (on the server of DATABASE_URL), kept for the next runs. */
export const SEARCH_DATABASE = process.env.SEARCH_BENCH_DATABASE || 'blotter_search_bench';
/** Where the loader leaves what the mixes need (the measured company, its users and trees). */
const MARKER = 'search_bench_data';

/** SEARCH_BENCH_SIZES=20000,2000 overrides the sizes (a quick try of the loader). */
const sizesFrom = (fallback: readonly number[]) =>
  process.env.SEARCH_BENCH_SIZES ? process.env.SEARCH_BENCH_SIZES.split(',').map(Number) : fallback;

export const searchDatabaseUrl = () => {
  const url = new URL(POSTGRES_BASE_URL);
  url.pathname = `/${SEARCH_DATABASE}`;
  return url.href;
};

const log = (line: string) => process.stdout.write(`      ${line}\n`);

async function onMaintenance(statement: string) {
  const url = new URL(POSTGRES_BASE_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** What the loader recorded, or undefined when the database is missing or was not fully loaded. */
export async function loadedCompanies(url = searchDatabaseUrl()): Promise<BenchCompany[] | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    const result = await client.query<{ value: { companies: BenchCompany[] } }>(
      'select value from system_state where key = $1',
      [MARKER],
    );
    return result.rows[0]?.value.companies;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

/**
 * Builds the PostgreSQL data set from nothing: drops and creates SEARCH_DATABASE, migrates it as the
 * server does, loads it on two connections (the machine's two cores) and records the marker last,
 * so a load cut short is built again next time.
 */
export async function buildPostgresSearchData(sizes = sizesFrom(POSTGRES_SIZES)): Promise<LoadReport> {
  await onMaintenance(`drop database if exists ${SEARCH_DATABASE} with (force)`);
  await onMaintenance(`create database ${SEARCH_DATABASE}`);
  const url = searchDatabaseUrl();
  const config = loadConfig({ DATABASE_URL: url, DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
  const { database } = await prepareDatabase(config);
  try {
    const lanes = await postgresLanes(url, 2);
    try {
      const report = await loadSearchData(database, lanes, sizes, log);
      await database.system((tx) =>
        tx.insert(systemState).values({ key: MARKER, value: { companies: report.companies, report } }),
      );
      return report;
    } finally {
      await Promise.all(lanes.map((lane) => lane.close()));
    }
  } finally {
    await database.close();
  }
}

/**
 * Builds the PGlite data set in `dataDir` (the server's DATA_DIR): one company of 10,000 incidents.
 * `inspect` reads from it before it is closed (the server will hold its only connection).
 */
export async function buildPgliteSearchData<T = undefined>(
  dataDir: string,
  inspect?: (lane: Lane, report: LoadReport) => Promise<T>,
  sizes = PGLITE_SIZES,
): Promise<{ report: LoadReport; inspected: T | undefined }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
  const { database } = await prepareDatabase(config);
  try {
    const lane = await pgliteLane(database);
    const report = await loadSearchData(database, [lane], sizes, log);
    const inspected = await inspect?.(lane, report);
    await lane.close();
    await database.system(async (tx) => {
      await tx.delete(systemState).where(eq(systemState.key, MARKER));
      await tx.insert(systemState).values({ key: MARKER, value: { companies: report.companies, report } });
    });
    return { report, inspected };
  } finally {
    await database.close();
  }
}
