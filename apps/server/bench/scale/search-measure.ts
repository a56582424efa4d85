import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { type PageQuery, searchCriteriaSchema } from '@blotter/shared';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { APP_CONNECTION_OPTIONS, type Executor } from '../../src/db/client';
import { countIncidents, plainPageSql, searchResultsSql, searchSql } from '../../src/modules/search/search.queries';
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
  /** The server process's CPU time (user + system) per API call, in milliseconds. */
  cpuMsPerCall?: number | undefined;
}

/** Budget of an API call against its SQL (issue 29 §2): p95 at most the larger of 1.5× and +10 ms. */
export const RATIO_TO_SQL = 1.5;
export const OVER_SQL_MS = 10;
export const apiBudgetMs = (sqlP95: number) => Math.max(RATIO_TO_SQL * sqlP95, sqlP95 + OVER_SQL_MS);
export const API_BUDGET_TEXT = `API p95 ≤ max(${RATIO_TO_SQL}× SQL p95, SQL p95 + ${OVER_SQL_MS} ms)`;

/** The machine at a moment: its 1-minute load average and how many cores it has. */
export interface MachineState {
  load1: number;
  cores: number;
}

export const machineState = (): MachineState => ({ load1: os.loadavg()[0] ?? 0, cores: os.availableParallelism() });

/** Why figures taken in these states cannot be judged (a load above the cores), or undefined. */
export function tooBusy(states: readonly MachineState[]): string | undefined {
  const busiest = states.reduce((a, b) => (b.load1 > a.load1 ? b : a));
  return busiest.load1 > busiest.cores
    ? `1-minute load average ${busiest.load1.toFixed(2)} above the machine's ${busiest.cores} cores`
    : undefined;
}

/** What any call costs on the machine at a moment: the load, GET /api/health and a bare `select 1`. */
export interface CallFloor {
  state: MachineState;
  health: number[];
  select1: number[];
}

const FLOOR_RUNS = 10;

/**
 * The call floor now: FLOOR_RUNS calls of GET /api/health (the HTTP round trip and the server's
 * own `select 1`) and of `select1` (a `select 1` on the app-like connection, when there is one),
 * after two unmeasured ones, and the load average.
 */
export async function callFloor(url: string, select1?: () => Promise<unknown>): Promise<CallFloor> {
  const health = async () => {
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/health answered ${response.status}`);
  };
  const [pair] = await measurePairs([{ name: 'floor', api: health, sql: select1 }], { runs: FLOOR_RUNS, warmup: 2 });
  return { state: machineState(), health: pair?.api ?? [], select1: pair?.sql ?? [] };
}

const p50p95 = (values: readonly number[]) =>
  values.length ? `p50 ${percentile(values, 50).toFixed(1)} p95 ${percentile(values, 95).toFixed(1)} ms` : '-';

/** One line of a call floor: `before: load 1.52 (2 cores); GET /api/health p50 … p95 … ms; select 1 p50 … p95 … ms`. */
export const floorLine = (label: string, floor: CallFloor) =>
  `${label}: load ${floor.state.load1.toFixed(2)} (${floor.state.cores} cores); GET /api/health ${p50p95(floor.health)}` +
  (floor.select1.length ? `; select 1 ${p50p95(floor.select1)}` : '');

/**
 * A measured pair of a mix: the call through the API and the statement it stands for run directly
 * (e.g. 'page': the search call and its page statement; later 'count': the count call and its).
 */
export interface Pair {
  name: string;
  /** The call through the API (none for a statement measured only for comparison). */
  api?: (() => Promise<unknown>) | undefined;
  sql?: (() => Promise<unknown>) | undefined;
}

export interface PairTimes {
  name: string;
  api: number[];
  sql: number[];
  /** The server's CPU time per API call (when its process id was given), in milliseconds. */
  cpuMsPerCall?: number | undefined;
}

/** User + system CPU time of a process in milliseconds (/proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
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

/**
 * POST /api/incidents/search, first page, as the search page sends it (`total: 'deferred'`: the rows
 * first, their total only when the page told it) or counted with the page; answers the body.
 */
export async function searchCall(
  url: string,
  headers: Record<string, string>,
  mix: Mix,
  total: 'deferred' | 'counted' = 'deferred',
) {
  const response = await fetch(`${url}/api/incidents/search?p=${FIRST_PAGE.p}&psz=${FIRST_PAGE.psz}&total=${total}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-timezone-offset': '0' },
    body: JSON.stringify({ criteria: mix.criteria, auditTitle: mix.name.slice(0, 200) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`search '${mix.name}' answered ${response.status}: ${text}`);
  return JSON.parse(text) as { total: number | null; totalCapped: boolean; items: unknown[] };
}

/**
 * POST /api/incidents/search/count: the total the search page asks for beside its first page (the
 * quick count of texts), or with `exact` the one its 'Count all' asks for; answers the body.
 */
export async function countCall(url: string, headers: Record<string, string>, mix: Mix, exact = false) {
  const response = await fetch(`${url}/api/incidents/search/count`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-timezone-offset': '0' },
    body: JSON.stringify({ criteria: mix.criteria, ...(exact ? { exact } : {}) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`count '${mix.name}' answered ${response.status}: ${text}`);
  return JSON.parse(text) as { total: number; totalCapped: boolean };
}

/** The count countIncidents answers for the mix (quick, or `exact`), run on `client` (its statements, as the count call sends them). */
export async function mixCount(client: pg.Client, principal: Principal, mix: Mix, exact = false) {
  return countIncidents(
    drizzle(client) as unknown as Executor,
    principal,
    searchCriteriaSchema.parse(mix.criteria),
    { timezoneOffset: 0 },
    { exact },
  );
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

/** The statements of a mix's first page: rows first (the search page's), with no count at all, and counted with the page. */
export type PageStatementKind = 'rowsFirst' | 'uncounted' | 'counted';
const PAGE_STATEMENTS = { rowsFirst: searchResultsSql, uncounted: plainPageSql, counted: searchSql } as const;

/**
 * A statement of the mix's first page, rendered once: as searchIncidents sends it, with the class
 * and location subtrees resolved first on the same connection, as searchIncidents does.
 */
export async function mixStatement(
  client: pg.Client,
  principal: Principal,
  mix: Mix,
  kind: PageStatementKind = 'rowsFirst',
) {
  return dialect.sqlToQuery(await mixSql(drizzle(client) as unknown as Executor, principal, mix, kind));
}

/** A page statement of the mix on any executor (the PGlite bench runs it in a tenant transaction). */
export async function mixSql(
  executor: Executor,
  principal: Principal,
  mix: Mix,
  kind: PageStatementKind = 'rowsFirst',
): Promise<SQL> {
  const criteria = searchCriteriaSchema.parse(mix.criteria);
  const subtrees = await resolveSubtrees(executor, criteria);
  return PAGE_STATEMENTS[kind](principal, criteria, FIRST_PAGE, { timezoneOffset: 0 }, subtrees);
}

/** A slow mix stops after this long (with at least MIN_RUNS), so a run over budget still ends in minutes. */
const MIX_TIME_LIMIT_MS = Number(process.env.SEARCH_BENCH_MIX_SECONDS || 20) * 1000;
const MIN_RUNS = 3;

/**
 * Measures the pairs of a mix: in each round every pair's API call, then its SQL (so both see the
 * same machine), `runs` rounds (RUNS) after `warmup` (WARMUP); a slow mix stops after
 * MIX_TIME_LIMIT_MS with at least MIN_RUNS. With `serverPid`, also the server's CPU per API call.
 * Answers the times in milliseconds, per pair in the order given.
 */
export async function measurePairs(
  pairs: readonly Pair[],
  options: { serverPid?: number; runs?: number; warmup?: number } = {},
): Promise<PairTimes[]> {
  const { serverPid, runs = RUNS, warmup = WARMUP } = options;
  const begun = performance.now();
  for (let i = 0; i < warmup && performance.now() - begun < MIX_TIME_LIMIT_MS / 4; i++) {
    for (const pair of pairs) {
      await pair.api?.();
      await pair.sql?.();
    }
  }
  const measuredFrom = performance.now();
  const times = pairs.map((pair) => ({ name: pair.name, api: [] as number[], sql: [] as number[], cpu: 0 }));
  for (let i = 0; i < runs; i++) {
    if (i >= MIN_RUNS && performance.now() - measuredFrom > MIX_TIME_LIMIT_MS) break;
    for (const [index, pair] of pairs.entries()) {
      const into = times[index];
      if (!into) continue;
      let started = performance.now();
      if (pair.api) {
        const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
        await pair.api();
        into.api.push(performance.now() - started);
        if (serverPid) into.cpu += cpuMs(serverPid) - cpuBefore;
      }
      if (pair.sql) {
        started = performance.now();
        await pair.sql();
        into.sql.push(performance.now() - started);
      }
    }
  }
  return times.map(({ cpu, ...pair }) => ({
    ...pair,
    cpuMsPerCall: serverPid && pair.api.length ? cpu / pair.api.length : undefined,
  }));
}

/** One API call and its bare SQL (measurePairs of one pair): the analysis bench's shape. */
export async function measureMix(
  api: () => Promise<unknown>,
  bare: (() => Promise<unknown>) | undefined,
): Promise<{ api: number[]; sql: number[] }> {
  const [pair] = await measurePairs([{ name: 'call', api, sql: bare }]);
  return { api: pair?.api ?? [], sql: pair?.sql ?? [] };
}

const pad = (text: string, width: number) => (text.length >= width ? text.slice(0, width) : text.padEnd(width));
const ms = (values: number[], p: number) => (values.length ? percentile(values, p).toFixed(1) : '-');

/**
 * The table of figures: one line per mix (and pair), p50/p95 of the API call and of the bare SQL,
 * their ratio, and the server's CPU per call when measured.
 */
export function figuresTable(rows: readonly MixFigures[]): string {
  const cpu = rows.some((row) => row.cpuMsPerCall !== undefined);
  const header = `${pad('mix', 62)} ${pad('total', 8)} ${pad('API p50', 8)} ${pad('API p95', 8)} ${pad('SQL p50', 8)} ${pad('SQL p95', 8)} ratio95${cpu ? ' CPU/call' : ''}`;
  const lines = rows.map((row) => {
    const ratio = row.sql.length ? (percentile(row.api, 95) / percentile(row.sql, 95)).toFixed(2) : '-';
    const cpuText = cpu ? `    ${row.cpuMsPerCall === undefined ? '-' : `${row.cpuMsPerCall.toFixed(1)} ms`}` : '';
    return `${pad(row.mix, 62)} ${pad(row.total, 8)} ${pad(ms(row.api, 50), 8)} ${pad(ms(row.api, 95), 8)} ${pad(ms(row.sql, 50), 8)} ${pad(ms(row.sql, 95), 8)} ${pad(ratio, 7)}${cpuText}`;
  });
  return [header, ...lines].map((line) => `      ${line}`).join('\n');
}
