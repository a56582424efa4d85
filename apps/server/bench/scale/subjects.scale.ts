import os from 'node:os';
import { PRIVILEGES, subjectListQuery } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { subjectCountSql, subjectPageSql } from '../../src/modules/subjects/subjects.queries';
import { timelinePageSql } from '../../src/modules/subjects/subjects.service';
import type { Principal } from '../../src/plugins/auth';
import { principalOf } from '../../test/principal';
import { createTestContext } from '../../test/test-app';
import { type BenchResult, percentile } from '../stats';
import { createScratchDatabase } from './scratch-postgres';
import { appConnection, figuresTable, type MixFigures, measureMix } from './search-measure';
import { seedIncidents } from './seed';

const INCIDENTS = Number(process.env.SUBJECTS_BENCH_INCIDENTS ?? 1_000_000);
const PERSONS = 290_000;
const LEGAL_ENTITIES = 10_000;
/** One incident in this many names the repeat subject: 500 of a million. */
const HOT_EVERY = INCIDENTS / 500;
const RATIO_TO_SQL = 1.5;
const dialect = new PgDialect();

/**
 * Fills the company's register with 300,000 subjects (290,000 persons, 10,000 legal entities) and
 * names one person on each incident: subject 0 on every HOT_EVERY-th (500 incidents), the others
 * spread over the rest (about 3.5 each). Ids are md5 of the subject's number, so the hot one is known.
 */
async function seedSubjects(run: (statement: string) => Promise<void>, accountId: string) {
  await run(`
    insert into parties (id, account_id, person_type, first_name, last_name, name, search_name, data)
    select md5('bench-subject-' || g)::uuid, '${accountId}', case when g < ${PERSONS} then 0 else 1 end,
      case when g < ${PERSONS} then 'First' || (g % 5000) else '' end,
      case when g < ${PERSONS} then 'Last' || (g / 5000) else '' end,
      case when g < ${PERSONS} then '' else 'Company ' || g end,
      case when g < ${PERSONS} then 'first' || (g % 5000) || ' last' || (g / 5000) else 'company ' || g end,
      '{}'::jsonb
    from generate_series(0, ${PERSONS + LEGAL_ENTITIES - 1}) g`);
  await run(`
    insert into incident_persons (account_id, incident_id, id, position, data, person_id, first_name, last_name)
    select i.account_id, i.id, gen_random_uuid(), 0,
      jsonb_build_object('firstName', 'First', 'relationSuspect', true),
      md5('bench-subject-' || case when i.number % ${HOT_EVERY} = 0 then 0 else 1 + i.number % ${PERSONS - 1} end)::uuid,
      'First', 'Last'
    from incidents i where i.account_id = '${accountId}'`);
  await run('vacuum analyze parties');
  await run('vacuum analyze incident_persons');
  await run('vacuum analyze incidents');
}

const busyReason = () => {
  const load = os.loadavg()[0] ?? 0;
  const cores = os.cpus().length;
  return load > cores ? `load ${load.toFixed(2)} above ${cores} cores` : undefined;
};

/**
 * `subjects` (issue 31): on a scratch PostgreSQL database, one company of 1,000,000 incidents
 * (SUBJECTS_BENCH_INCIDENTS) with 300,000 subjects: the subjects list's first page and the
 * timeline of a subject with 500 incidents, through the app (in process) and as their bare
 * statements on an application connection; the budget is the issue's, API p95 within 1.5× the
 * SQL's. The list's SQL is its two statements (page, total); the timeline's its one statement.
 */
export async function benchSubjects(): Promise<BenchResult[]> {
  const scratch = await createScratchDatabase();
  try {
    const t = await createTestContext({ config: { databaseUrl: scratch.url } });
    try {
      const company = await t.createCompany({ name: 'Subjects bench' });
      const headers = await t.signIn(company.admin);
      const started = performance.now();
      await seedIncidents(t.database, {
        accountId: company.accountId,
        userId: company.admin.id,
        otherUserId: company.staff.id,
        count: INCIDENTS,
      });
      await seedSubjects(scratch.run, company.accountId);
      process.stdout.write(`      seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      const principal: Principal = { ...principalOf(company.admin, 'Subjects bench', PRIVILEGES), admin: true };
      const hot = (await t.database.system((tx) =>
        tx.execute(sql`select md5('bench-subject-0')::uuid as id`),
      )) as unknown as {
        rows: { id: string }[];
      };
      const hotId = hot.rows[0]?.id ?? '';
      const bare = await appConnection(scratch.url, company.accountId);
      try {
        const query = subjectListQuery.parse({});
        const page = dialect.sqlToQuery(subjectPageSql(principal, query));
        const count = dialect.sqlToQuery(subjectCountSql(principal, query));
        const timeline = dialect.sqlToQuery(
          timelinePageSql(principal, { kind: 'person', id: hotId }, { p: 0, psz: 10 }).statement,
        );
        const get = async (url: string) => {
          const response = await t.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200)
            throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
          return response.json<{ total: number }>();
        };
        const mixes = [
          {
            name: 'subjects list, first page (GET /subjects)',
            url: '/api/subjects',
            bare: async () => {
              await bare.query(page.sql, page.params);
              await bare.query(count.sql, count.params);
            },
          },
          {
            name: 'timeline of a subject with 500 incidents, first page',
            url: `/api/subjects/person/${hotId}/incidents`,
            bare: () => bare.query(timeline.sql, timeline.params),
          },
        ];
        const rows: MixFigures[] = [];
        const results: BenchResult[] = [];
        for (const mix of mixes) {
          const total = (await get(mix.url)).total.toLocaleString('en-US');
          const times = await measureMix(() => get(mix.url), mix.bare);
          rows.push({ mix: mix.name, total, ...times });
          const apiP95 = percentile(times.api, 95);
          const ratio = apiP95 / percentile(times.sql, 95);
          const busy = busyReason();
          results.push({
            name: `Subjects: ${mix.name}, ${INCIDENTS.toLocaleString('en-US')} incidents (PostgreSQL, ${total})`,
            budget: `API p95 ≤ ${RATIO_TO_SQL}× the SQL's`,
            figure:
              `API p50 ${percentile(times.api, 50).toFixed(1)} ms, p95 ${apiP95.toFixed(1)} ms; SQL p50 ` +
              `${percentile(times.sql, 50).toFixed(1)} ms, p95 ${percentile(times.sql, 95).toFixed(1)} ms; ratio ${ratio.toFixed(2)} (${times.api.length} runs)`,
            pass: ratio <= RATIO_TO_SQL,
            ...(busy ? { judged: false as const, notJudgedReason: busy } : {}),
          });
        }
        process.stdout.write(`${figuresTable(rows)}\n`);
        // SUBJECTS_BENCH_EXPLAIN=1: the plans of the bare statements, run as the app runs them.
        if (process.env.SUBJECTS_BENCH_EXPLAIN) {
          for (const [name, statement] of Object.entries({ page, count, timeline })) {
            const plan = await bare.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
            const lines = plan.rows.map((line: Record<string, string>) => line['QUERY PLAN']);
            process.stdout.write(`      plan of ${name}:\n${lines.map((l) => `        ${l}`).join('\n')}\n`);
          }
        }
        return results;
      } finally {
        await bare.end();
      }
    } finally {
      await t.close();
    }
  } finally {
    await scratch.drop();
  }
}
