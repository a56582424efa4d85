import {
  type AnalysisCriteriaItemInput,
  type AnalysisFrequency,
  type AnalysisResult,
  analysisRequestSchema,
} from '@blotter/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from '../../src/db/client';
import { countPeriodsSql, loadClassTree } from '../../src/modules/analysis/analysis.queries';
import { periodQuery, subtreesOf } from '../../src/modules/analysis/analysis.service';
import { classBuckets } from '../../src/modules/analysis/analysis-classes';
import type { Principal } from '../../src/plugins/auth';
import { type BenchResult, percentile } from '../stats';
import { withPostgresServer } from './search.scale';
import { loadedCompanies, searchDatabaseUrl } from './search-data/search-database';
import { adminPrincipal, appConnection, figuresTable, type MixFigures, measureMix } from './search-measure';

const API_P95_MS = 150;
const RATIO_TO_SQL = 1.5;
const DRILL_DOWN_P95_MS = 100;
const XLSX_P95_MS = 1000;
const ZONE = 'America/Toronto';
const dialect = new PgDialect();

interface AnalysisMix {
  name: string;
  criteria: AnalysisCriteriaItemInput[];
  selectedClasses?: string[];
  excel?: boolean;
}

/** Two periods of 12 months: the last 12 whole months and the 12 before them. */
function yearOnYear(frequency: AnalysisFrequency): AnalysisCriteriaItemInput[] {
  const now = new Date();
  const day = (back: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
  const lastDay = (back: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 0)).toISOString().slice(0, 10);
  return [
    { period: { id: 'a', type: 'lastNMonths', lastNMonths: 12 }, frequency, chartType: 'bar', timezone: ZONE },
    {
      period: { id: 'b', type: 'period', fromDate: day(24), toDate: lastDay(12) },
      frequency,
      chartType: 'bar',
      timezone: ZONE,
    },
  ];
}

/** POST /api/analysis as the analysis page sends it; answers the body (JSON) or its size (excel). */
async function analysisCall(url: string, headers: Record<string, string>, mix: AnalysisMix) {
  const response = await fetch(`${url}/api/analysis?auditTitle=Bench${mix.excel ? '&type=excel' : ''}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-timezone-offset': '300' },
    body: JSON.stringify({ criteria: mix.criteria, name: mix.name, selectedClasses: mix.selectedClasses ?? [] }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`analysis '${mix.name}' answered ${response.status}: ${body.toString()}`);
  return mix.excel ? { bytes: body.length } : (JSON.parse(body.toString()) as AnalysisResult);
}

/** The counting statement of a mix as runAnalysis sends it (subtrees and class path resolved first). */
async function mixStatement(client: pg.Client, principal: Principal, mix: AnalysisMix) {
  const input = analysisRequestSchema.parse({ criteria: mix.criteria, selectedClasses: mix.selectedClasses ?? [] });
  const db = drizzle(client) as unknown as Executor;
  const frequency = input.criteria[0]?.frequency ?? 'month';
  const periods = input.criteria.map((item) => periodQuery(item, 300));
  const classes =
    frequency === 'class'
      ? classBuckets(await loadClassTree(db, principal.accountId), input.selectedClasses)
      : undefined;
  const subtrees = await subtreesOf(db, periods);
  const within = classes?.within;
  return dialect.sqlToQuery(
    countPeriodsSql(principal, frequency, within ? periods.map((p) => ({ ...p, within })) : periods, subtrees),
  );
}

/** A top-level class with sub-classes, holding the most incidents: the drill-down's first click. */
async function busiestRootClass(client: pg.Client, accountId: string): Promise<string> {
  const result = await client.query<{ id: string }>(
    `with recursive tree(root, id) as (
       select id, id from search_lookups where type = 'incidentClass' and parent_id is null
       union all select tree.root, l.id from search_lookups l join tree on l.parent_id = tree.id)
     select tree.root as id from tree join search_incidents i on i.last_class_id = tree.id
     where i.account_id = $1 group by tree.root order by count(*) desc limit 1`,
    [accountId],
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no class with incidents');
  return id;
}

/**
 * `analysis`: on the 1,000,000-incident company of the search data set (never built here: load it
 * with `searchLoad` first), the analysis by month, weekday, hour and class over 12 months with two
 * periods in Toronto's zone, through the real server and as the bare counting statement; a
 * drill-down into the busiest top-level class; the .xlsx of a five-year daily analysis.
 */
export async function benchAnalysisPostgres(): Promise<BenchResult[]> {
  const companies = await loadedCompanies();
  const company = companies?.[0];
  if (!company) throw new Error('The search data set is not loaded: run `npm run bench:scale searchLoad` first.');
  const url = searchDatabaseUrl();
  const principal = adminPrincipal(company);
  const bare = await appConnection(url, company.accountId);
  try {
    const root = await busiestRootClass(bare, company.accountId);
    const today = new Date();
    const fiveYearsAgo = new Date(Date.UTC(today.getUTCFullYear() - 5, today.getUTCMonth(), today.getUTCDate() + 1));
    const mixes: (AnalysisMix & { budget: number; ratio: boolean })[] = [
      ...(['month', 'weekday', 'hour', 'class'] as const).map((frequency) => ({
        name: `by ${frequency}, 12 months, two periods`,
        criteria: yearOnYear(frequency),
        budget: API_P95_MS,
        ratio: true,
      })),
      {
        name: 'class drill-down, 12 months, two periods',
        criteria: yearOnYear('class'),
        selectedClasses: [root],
        budget: DRILL_DOWN_P95_MS,
        ratio: false,
      },
      {
        name: '.xlsx of a five-year daily analysis',
        criteria: [
          {
            period: {
              id: 'five',
              type: 'period',
              fromDate: fiveYearsAgo.toISOString().slice(0, 10),
              toDate: today.toISOString().slice(0, 10),
            },
            frequency: 'day',
            chartType: 'excel',
            timezone: ZONE,
          },
        ],
        excel: true,
        budget: XLSX_P95_MS,
        ratio: false,
      },
    ];
    return await withPostgresServer(company, async (server, headers) => {
      const rows: MixFigures[] = [];
      const results: BenchResult[] = [];
      const only = (process.env.ANALYSIS_BENCH_ONLY ?? '').split(',').filter(Boolean);
      for (const mix of mixes.filter((m) => only.length === 0 || only.some((word) => m.name.includes(word)))) {
        const first = await analysisCall(server.url, headers, mix);
        const total =
          'series' in first
            ? first.series.reduce((sum, s) => sum + s.data.reduce((n, b) => n + b.count, 0), 0).toLocaleString('en-US')
            : `${Math.round(first.bytes / 1024)} KB`;
        const statement = await mixStatement(bare, principal, mix);
        const times = await measureMix(
          () => analysisCall(server.url, headers, mix),
          () => bare.query(statement.sql, statement.params),
        );
        const row = { mix: mix.name, total, ...times };
        rows.push(row);
        process.stdout.write(`${figuresTable([row]).split('\n')[1]}\n`);
        const apiP95 = percentile(times.api, 95);
        const ratio = apiP95 / percentile(times.sql, 95);
        results.push({
          name: `Analysis ${mix.name} on 1,000,000 incidents (PostgreSQL, ${total})`,
          budget: `API p95 < ${mix.budget} ms${mix.ratio ? ` and ≤ ${RATIO_TO_SQL}× the SQL's` : ''}`,
          figure:
            `API p50 ${percentile(times.api, 50).toFixed(1)} ms, p95 ${apiP95.toFixed(1)} ms; SQL p50 ` +
            `${percentile(times.sql, 50).toFixed(1)} ms, p95 ${percentile(times.sql, 95).toFixed(1)} ms; ratio ${ratio.toFixed(2)} (${times.api.length} runs)`,
          pass: apiP95 < mix.budget && (!mix.ratio || ratio <= RATIO_TO_SQL),
        });
        // ANALYSIS_BENCH_EXPLAIN=1: the plan of each mix over its budget, run as the app runs it.
        if (process.env.ANALYSIS_BENCH_EXPLAIN && apiP95 >= mix.budget) {
          const plan = await bare.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
          const lines = plan.rows.map((line: Record<string, string>) => line['QUERY PLAN']);
          process.stdout.write(`      plan of '${mix.name}':\n${lines.map((l) => `        ${l}`).join('\n')}\n`);
        }
      }
      process.stdout.write(`${figuresTable(rows)}\n`);
      return results;
    });
  } finally {
    await bare.end();
  }
}
