import { randomUUID } from 'node:crypto';
import { type PageQuery, searchCriteriaSchema } from '@blotter/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { APP_CONNECTION_OPTIONS, type Executor } from '../../src/db/client';
import { searchSql } from '../../src/modules/search/search.queries';
import { resolveSubtrees } from '../../src/modules/search/search-criteria';
import type { Principal } from '../../src/plugins/auth';
import { percentile } from '../stats';
import type { BenchCompany } from './search-data/companies';
import type { Mix } from './search-mixes';

const dialect = new PgDialect();
/** The first page as the search page asks for it. */
export const FIRST_PAGE: PageQuery = { p: 0, psz: 10 };
export const RUNS = Number(process.env.SEARCH_BENCH_RUNS || 30);
export const WARMUP = 5;

export interface MixFigures {
  mix: string;
  total: string;
  api: number[];
  sql: number[];
}

/** The administrator of the company as the request path builds its principal (every incident searchable). */
export function adminPrincipal(company: BenchCompany): Principal {
  return {
    userId: company.userIds[0] ?? '',
    accountId: company.accountId,
    email: 'admin@search-bench.example',
    name: `${company.userFirstNames[0]} ${company.userLastNames[0]}`,
    admin: true,
    systemAdmin: false,
    privileges: [],
    status: 1,
    sessionId: randomUUID(),
    sessionActive: true,
    account: {
      active: true,
      trial: false,
      measurementType: 0,
      dateFormat: 0,
      concurrentUserCount: 25,
      companyName: company.name,
    },
  };
}

/** POST /api/incidents/search, first page with its total, as the search page sends it; answers the body. */
export async function searchCall(url: string, headers: Record<string, string>, mix: Mix) {
  const response = await fetch(`${url}/api/incidents/search?p=${FIRST_PAGE.p}&psz=${FIRST_PAGE.psz}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-timezone-offset': '0' },
    body: JSON.stringify({ criteria: mix.criteria, auditTitle: mix.name.slice(0, 200) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`search '${mix.name}' answered ${response.status}: ${text}`);
  return JSON.parse(text) as { total: number; totalCapped: boolean; items: unknown[] };
}

/**
 * A connection set up as the app's are: the application role from the start, the company's tenant
 * and read-only, so row-level security applies to the bare statement exactly as to the request's.
 */
export async function appConnection(url: string, accountId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, options: APP_CONNECTION_OPTIONS });
  await client.connect();
  await client.query(
    "select set_config('app.account_id', $1, false), set_config('default_transaction_read_only', 'on', false)",
    [accountId],
  );
  return client;
}

/**
 * The page+total statement of the mix, rendered once: what searchIncidents sends, with the class and
 * location subtrees resolved first on the same connection, as searchIncidents does.
 */
export async function mixStatement(client: pg.Client, principal: Principal, mix: Mix) {
  const criteria = searchCriteriaSchema.parse(mix.criteria);
  const subtrees = await resolveSubtrees(drizzle(client) as unknown as Executor, criteria);
  return dialect.sqlToQuery(searchSql(principal, criteria, FIRST_PAGE, { timezoneOffset: 0 }, subtrees));
}

/** A slow mix stops after this long (with at least MIN_RUNS), so a run over budget still ends in minutes. */
const MIX_TIME_LIMIT_MS = Number(process.env.SEARCH_BENCH_MIX_SECONDS || 20) * 1000;
const MIN_RUNS = 3;

/**
 * Runs the mix through the API and as bare SQL, alternately (so both see the same machine), RUNS
 * times each after WARMUP rounds (fewer for a slow mix, see MIX_TIME_LIMIT_MS); answers the times in
 * milliseconds.
 */
export async function measureMix(
  api: () => Promise<unknown>,
  bare: (() => Promise<unknown>) | undefined,
): Promise<{ api: number[]; sql: number[] }> {
  const begun = performance.now();
  for (let i = 0; i < WARMUP && performance.now() - begun < MIX_TIME_LIMIT_MS / 4; i++) {
    await api();
    await bare?.();
  }
  const measuredFrom = performance.now();
  const times = { api: [] as number[], sql: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    if (i >= MIN_RUNS && performance.now() - measuredFrom > MIX_TIME_LIMIT_MS) break;
    let started = performance.now();
    await api();
    times.api.push(performance.now() - started);
    if (bare) {
      started = performance.now();
      await bare();
      times.sql.push(performance.now() - started);
    }
  }
  return times;
}

const pad = (text: string, width: number) => (text.length >= width ? text.slice(0, width) : text.padEnd(width));
const ms = (values: number[], p: number) => (values.length ? percentile(values, p).toFixed(1) : '-');

/** The table of figures: one line per mix, p50/p95 of the API call and of the bare SQL, and their ratio. */
export function figuresTable(rows: readonly MixFigures[]): string {
  const header = `${pad('mix', 62)} ${pad('total', 8)} ${pad('API p50', 8)} ${pad('API p95', 8)} ${pad('SQL p50', 8)} ${pad('SQL p95', 8)} ratio95`;
  const lines = rows.map((row) => {
    const ratio = row.sql.length ? (percentile(row.api, 95) / percentile(row.sql, 95)).toFixed(2) : '-';
    return `${pad(row.mix, 62)} ${pad(row.total, 8)} ${pad(ms(row.api, 50), 8)} ${pad(ms(row.api, 95), 8)} ${pad(ms(row.sql, 50), 8)} ${pad(ms(row.sql, 95), 8)} ${ratio}`;
  });
  return [header, ...lines].map((line) => `      ${line}`).join('\n');
}
