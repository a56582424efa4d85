import { rm } from 'node:fs/promises';
import { searchCriteriaSchema } from '@blotter/shared';
import type pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { hasTextCriteria } from '../../src/modules/search/search.queries';
import { loadProviderSecrets } from '../../src/oidc/keys';
import { type RunningServer, startServer, tempDataDir } from '../server-process';
import { type BenchResult, percentile } from '../stats';
import { signIn } from './health-wait';
import type { BenchCompany } from './search-data/companies';
import { postgresLanes } from './search-data/lanes';
import { buildPostgresSearchData, loadedCompanies, searchDatabaseUrl } from './search-data/search-database';
import {
  API_BUDGET_TEXT,
  adminPrincipal,
  apiBudgetMs,
  appConnection,
  type CallFloor,
  callFloor,
  countCall,
  figuresTable,
  floorLine,
  type MixFigures,
  measurePairs,
  mixCount,
  mixStatement,
  type Pair,
  type PairTimes,
  searchCall,
  tooBusy,
} from './search-measure';
import { type Mix, readMixValues, searchMixes } from './search-mixes';

/**
 * The server runs as in production: without the check of each answer against its schema that local
 * and test servers make (config checkResponses; on a page of rows it costs the server 1-2 ms a call).
 */
export const PRODUCTION_RESPONSES = 'false';

/** The PostgreSQL data set: the one built before when its marker is there, else built now (about 10 minutes). */
export async function postgresCompanies(): Promise<BenchCompany[]> {
  const loaded = await loadedCompanies();
  if (loaded) return loaded;
  process.stdout.write('      the search data set is not loaded yet: building it (npm run bench:scale searchLoad)\n');
  return (await buildPostgresSearchData()).companies;
}

/** The server (`node scripts/start.mjs`) on the PostgreSQL data set, and a session of a company's administrator. */
export async function withPostgresServer<T>(
  company: BenchCompany,
  fn: (server: RunningServer, headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const url = searchDatabaseUrl();
  const database = await openDatabase({ url, pgliteDir: '' });
  const { signingKey } = await loadProviderSecrets(database).finally(() => database.close());
  const dataDir = await tempDataDir();
  try {
    const server = await startServer(dataDir, {
      command: 'node scripts/start.mjs',
      env: { DATABASE_URL: url, CHECK_RESPONSES: PRODUCTION_RESPONSES },
    });
    try {
      return await fn(server, await signIn(server.url, dataDir, signingKey, company.userIds[0] ?? '', '3h'));
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** SEARCH_BENCH_ONLY='worst,plate': only the mixes whose names contain one of the words. */
export const chosen = (mixes: Mix[]) => {
  const words = (process.env.SEARCH_BENCH_ONLY ?? '').split(',').filter(Boolean);
  return words.length === 0 ? mixes : mixes.filter((mix) => words.some((word) => mix.name.includes(word)));
};

export const totalText = (answer: { total: number; totalCapped: boolean }) =>
  `${answer.total.toLocaleString('en-US')}${answer.totalCapped ? '+' : ''}`;

/** What the bench keeps of a measured pair: its figures, its verdict and its statement (for EXPLAIN). */
interface MeasuredPair {
  row: MixFigures;
  result: BenchResult;
  explain?: { sql: string; params: unknown[] } | undefined;
}

const p95 = (values: readonly number[]) => percentile(values, 95);

/** The verdict of one pair against the API budget (apiBudgetMs), not judged when the machine was too busy. */
export function pairResult(name: string, times: PairTimes, floors: readonly CallFloor[]): BenchResult {
  const apiP95 = p95(times.api);
  const sqlP95 = p95(times.sql);
  const busy = tooBusy(floors.map((floor) => floor.state));
  return {
    name,
    budget: API_BUDGET_TEXT,
    figure:
      `API p50 ${percentile(times.api, 50).toFixed(1)} ms, p95 ${apiP95.toFixed(1)} ms; SQL p50 ` +
      `${percentile(times.sql, 50).toFixed(1)} ms, p95 ${sqlP95.toFixed(1)} ms; ratio ${(apiP95 / sqlP95).toFixed(2)}, ` +
      `budget ${apiBudgetMs(sqlP95).toFixed(1)} ms` +
      (times.cpuMsPerCall === undefined ? '' : `; server CPU ${times.cpuMsPerCall.toFixed(1)} ms a call`) +
      ` (${times.api.length} runs; load ${floors.map((floor) => floor.state.load1.toFixed(2)).join(' → ')})`,
    pass: apiP95 <= apiBudgetMs(sqlP95),
    ...(busy ? { judged: false as const, notJudgedReason: busy } : {}),
  };
}

/** The pair of a text mix's exact count (POST /incidents/search/count with exact: true): printed, not judged. */
const EXACT_COUNT = 'exact count';

/** Issue 29's budgets between statements: the page's SQL within 3× the same criteria with no count, */
const PAGE_TO_UNCOUNTED = 3;
/** the total (the count call, as the page's status line waits for it) within 10× the page's SQL, */
const TOTAL_TO_PAGE = 10;
/** and the worst text mix's page SQL within 3× the most selective mix's (incident number). */
const WORST_TEXT_TO_SELECTIVE = 3;

/** Whether a mix searches texts (cards, the address): the ones counted by reading candidate rows. */
const isTextMix = (mix: Mix) => hasTextCriteria(searchCriteriaSchema.parse(mix.criteria));

/** A p95 held to `ratio` times another p95 measured in the same rounds; not judged when the machine was too busy. */
function ratioResult(
  name: string,
  { figure, reference, ratio, floors }: { figure: number[]; reference: number[]; ratio: number; floors: CallFloor[] },
): BenchResult {
  const [a, b] = [p95(figure), p95(reference)];
  const busy = tooBusy(floors.map((floor) => floor.state));
  return {
    name,
    budget: `p95 ≤ ${ratio}× the reference's p95`,
    figure: `p95 ${a.toFixed(1)} ms against ${b.toFixed(1)} ms: ${(a / b).toFixed(2)}× (load ${floors
      .map((floor) => floor.state.load1.toFixed(2))
      .join(' → ')})`,
    pass: a <= ratio * b,
    ...(busy ? { judged: false as const, notJudgedReason: busy } : {}),
  };
}

/** SEARCH_BENCH_EXPLAIN=1: EXPLAIN (ANALYZE, BUFFERS) of the three slowest pairs by SQL p95, on the app-like connection. */
async function explainSlowest(bare: pg.Client, measured: readonly MeasuredPair[]) {
  if (!process.env.SEARCH_BENCH_EXPLAIN) return;
  const slowest = measured
    .filter((m) => m.explain)
    .sort((a, b) => p95(b.row.sql) - p95(a.row.sql))
    .slice(0, 3);
  for (const { row, explain } of slowest) {
    if (!explain) continue;
    const plan = await bare.query(`explain (analyze, buffers) ${explain.sql}`, explain.params);
    const lines = plan.rows.map((line: Record<string, string>) => line['QUERY PLAN']);
    process.stdout.write(
      `      plan of '${row.mix}' (SQL p95 ${p95(row.sql).toFixed(1)} ms):\n${lines.map((l) => `        ${l}`).join('\n')}\n`,
    );
  }
}

/**
 * `search`: the fixed mixes on the company of 1,000,000 incidents (of 1.9 million in the database),
 * each through the real server (POST /api/incidents/search, first page with its total, as its
 * administrator) and as the bare statement searchSql builds, run on a connection set up as the
 * app's; p50/p95 of each, their ratio and the server's CPU per call. Before and after each mix the
 * call floor (load average, GET /api/health, `select 1`). Budget: API p95 at most the larger of
 * 1.5× the SQL's p95 and the SQL's p95 + 10 ms; a mix measured at a load above the cores is not judged.
 */
export async function benchSearchPostgres(): Promise<BenchResult[]> {
  const companies = await postgresCompanies();
  const company = companies[0];
  if (!company) throw new Error('no company in the search data set');
  const url = searchDatabaseUrl();
  const [owner] = await postgresLanes(url, 1);
  if (!owner) throw new Error('no connection');
  const values = await readMixValues(owner, company.accountId).finally(() => owner.close());
  const principal = adminPrincipal(company);
  const bare = await appConnection(url, company.accountId);
  try {
    return await withPostgresServer(company, async (server, headers) => {
      const measured: MeasuredPair[] = [];
      const extra: BenchResult[] = [];
      const exactRows: MixFigures[] = [];
      const floorNow = () => callFloor(server.url, () => bare.query('select 1'));
      let before = await floorNow();
      const pageSql = new Map<string, number[]>();
      for (const mix of chosen(searchMixes(values))) {
        const first = await countCall(server.url, headers, mix);
        // Texts are counted quickly (up to 1,000); their exact count ('Count all') is measured
        // beside it as a figure, not a budget: the user asked for it and sees 'Counting…'.
        const exact = isTextMix(mix) ? await countCall(server.url, headers, mix, true) : undefined;
        const statement = await mixStatement(bare, principal, mix, 'rowsFirst');
        const uncounted = await mixStatement(bare, principal, mix, 'uncounted');
        // Each pair of the mix: the call through the API and what it stands for, run directly; the
        // page with no count at all only directly, to hold the page's statement to it.
        const pairs: (Pair & { explain?: typeof statement })[] = [
          {
            name: 'page',
            api: () => searchCall(server.url, headers, mix),
            sql: () => bare.query(statement.sql, statement.params),
            explain: statement,
          },
          {
            name: 'count',
            api: () => countCall(server.url, headers, mix),
            sql: () => mixCount(bare, principal, mix),
          },
          { name: 'no count', sql: () => bare.query(uncounted.sql, uncounted.params), explain: uncounted },
          ...(exact
            ? [
                {
                  name: EXACT_COUNT,
                  api: () => countCall(server.url, headers, mix, true),
                  sql: () => mixCount(bare, principal, mix, true),
                },
              ]
            : []),
        ];
        const times = await measurePairs(pairs, { serverPid: server.pid });
        const after = await floorNow();
        const floors = [before, after];
        process.stdout.write(`      ${floorLine('before', before)}\n`);
        for (const [index, pair] of times.entries()) {
          const label = pair.name === 'page' ? mix.name : `${mix.name} [${pair.name}]`;
          const row = { mix: label, total: totalText(pair.name === EXACT_COUNT && exact ? exact : first), ...pair };
          process.stdout.write(`${figuresTable([row]).split('\n')[1]}\n`);
          if (pair.name === 'no count') continue;
          if (pair.name === EXACT_COUNT) {
            exactRows.push(row);
            continue;
          }
          const result = pairResult(
            `Search '${label}' on 1,000,000 incidents (PostgreSQL, ${row.total} found)`,
            pair,
            floors,
          );
          measured.push({ row, result, explain: pairs[index]?.explain });
        }
        const [page, count, plain] = times;
        if (page && count && plain) {
          pageSql.set(mix.name, page.sql);
          extra.push(
            ratioResult(`Search '${mix.name}': the page's SQL against the same criteria with no count`, {
              figure: page.sql,
              reference: plain.sql,
              ratio: PAGE_TO_UNCOUNTED,
              floors,
            }),
            ratioResult(`Search '${mix.name}': the total (count call, as the page asks it) against the page's SQL`, {
              figure: count.api,
              reference: page.sql,
              ratio: TOTAL_TO_PAGE,
              floors,
            }),
          );
        }
        process.stdout.write(`      ${floorLine('after', after)}\n`);
        before = after;
      }
      const textMixes = chosen(searchMixes(values)).filter((mix) => isTextMix(mix) && pageSql.has(mix.name));
      const selective = pageSql.get('incident number');
      if (selective && textMixes.length > 0) {
        const worst = textMixes.reduce((a, b) =>
          p95(pageSql.get(b.name) ?? []) > p95(pageSql.get(a.name) ?? []) ? b : a,
        );
        extra.push(
          ratioResult(`Search: the worst text mix's page SQL ('${worst.name}') against the incident number's`, {
            figure: pageSql.get(worst.name) ?? [],
            reference: selective,
            ratio: WORST_TEXT_TO_SELECTIVE,
            floors: [before],
          }),
        );
      }
      process.stdout.write(
        `${figuresTable(measured.map((m) => m.row))}\n${await signedInFloor(server.url, headers)}\n` +
          (exactRows.length
            ? `      the exact counts of the text mixes ('Count all'; figures, no budget):\n${figuresTable(exactRows)}\n`
            : ''),
      );
      await explainSlowest(bare, measured);
      return [...measured.map((m) => m.result), ...extra];
    });
  } finally {
    await bare.end();
  }
}

/** A signed-in read (GET /api/notifications: the principal and one small statement), p50/p95 and CPU per call. */
export async function signedInFloor(url: string, headers: Record<string, string>, serverPid?: number): Promise<string> {
  const [times] = await measurePairs(
    [
      {
        name: 'notifications',
        api: async () => {
          const response = await fetch(`${url}/api/notifications`, { headers });
          await response.text();
          if (!response.ok) throw new Error(`GET /api/notifications answered ${response.status}`);
        },
      },
    ],
    { ...(serverPid ? { serverPid } : {}) },
  );
  const api = times?.api ?? [];
  return (
    `      call floor, GET /api/notifications (signed in, one small read): p50 ${percentile(api, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(api, 95).toFixed(1)} ms` +
    (times?.cpuMsPerCall === undefined ? '' : `, server CPU ${times.cpuMsPerCall.toFixed(1)} ms a call`)
  );
}
