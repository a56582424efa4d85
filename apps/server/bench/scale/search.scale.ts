import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { RESULT_COLUMN_IDS } from '@blotter/shared';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { loadProviderSecrets } from '../../src/oidc/keys';
import { type RunningServer, startServer, tempDataDir } from '../server-process';
import { type BenchResult, percentile } from '../stats';
import { signIn } from './health-wait';
import type { BenchCompany } from './search-data/companies';
import { postgresLanes } from './search-data/lanes';
import {
  buildPgliteSearchData,
  buildPostgresSearchData,
  loadedCompanies,
  searchDatabaseUrl,
} from './search-data/search-database';
import {
  adminPrincipal,
  appConnection,
  figuresTable,
  type MixFigures,
  measureMix,
  mixStatement,
  RUNS,
  searchCall,
} from './search-measure';
import { type Mix, readMixValues, searchMixes } from './search-mixes';

const API_P95_MS = 50;
const RATIO_TO_SQL = 1.5;
const PGLITE_P95_MS = 100;
const EXPORT_ROWS_PER_S = 20_000;
const EXPORT_RSS_MB = 300;

/** The PostgreSQL data set: the one built before when its marker is there, else built now (about 10 minutes). */
async function postgresCompanies(): Promise<BenchCompany[]> {
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
    const server = await startServer(dataDir, { command: 'node scripts/start.mjs', env: { DATABASE_URL: url } });
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
const chosen = (mixes: Mix[]) => {
  const words = (process.env.SEARCH_BENCH_ONLY ?? '').split(',').filter(Boolean);
  return words.length === 0 ? mixes : mixes.filter((mix) => words.some((word) => mix.name.includes(word)));
};

const totalText = (answer: { total: number; totalCapped: boolean }) =>
  `${answer.total.toLocaleString('en-US')}${answer.totalCapped ? '+' : ''}`;

/**
 * `search`: the fixed mixes on the company of 1,000,000 incidents (of 1.9 million in the database),
 * each through the real server (POST /api/incidents/search, first page with its total, as its
 * administrator) and as the bare statement searchSql builds, run on a connection set up as the
 * app's; p50/p95 of each and the ratio. Budget: API p95 under 50 ms and at most 1.5 times the SQL's.
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
      const rows: MixFigures[] = [];
      const results: BenchResult[] = [];
      for (const mix of chosen(searchMixes(values))) {
        const first = await searchCall(server.url, headers, mix);
        const statement = await mixStatement(bare, principal, mix);
        const times = await measureMix(
          () => searchCall(server.url, headers, mix),
          () => bare.query(statement.sql, statement.params),
        );
        const row = { mix: mix.name, total: totalText(first), ...times };
        rows.push(row);
        process.stdout.write(`${figuresTable([row]).split('\n')[1]}\n`);
        const apiP95 = percentile(times.api, 95);
        const ratio = apiP95 / percentile(times.sql, 95);
        results.push({
          name: `Search '${mix.name}' on 1,000,000 incidents (PostgreSQL, ${row.total} found)`,
          budget: `API p95 < ${API_P95_MS} ms and ≤ ${RATIO_TO_SQL}× the SQL's`,
          figure:
            `API p50 ${percentile(times.api, 50).toFixed(1)} ms, p95 ${apiP95.toFixed(1)} ms; SQL p50 ` +
            `${percentile(times.sql, 50).toFixed(1)} ms, p95 ${percentile(times.sql, 95).toFixed(1)} ms; ratio ${ratio.toFixed(2)} (${times.api.length} runs)`,
          pass: apiP95 < API_P95_MS && ratio <= RATIO_TO_SQL,
        });
        // SEARCH_BENCH_EXPLAIN=1: the plan of each mix over its budget, run as the app runs it.
        if (process.env.SEARCH_BENCH_EXPLAIN && apiP95 >= API_P95_MS) {
          const plan = await bare.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
          const lines = plan.rows.map((line: Record<string, string>) => line['QUERY PLAN']);
          process.stdout.write(`      plan of '${mix.name}':\n${lines.map((l) => `        ${l}`).join('\n')}\n`);
        }
      }
      process.stdout.write(
        `${figuresTable(rows)}\n${await callFloor(server.url, headers)}\n      load average: ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}\n`,
      );
      return results;
    });
  } finally {
    await bare.end();
  }
}

/**
 * What any call costs on this machine before it does any work, measured like the mixes: the bare
 * HTTP round trip (GET /api/health) and a signed-in read (GET /api/notifications: the principal and
 * one small statement). A mix whose SQL is shorter than about twice this cannot hold the 1.5× ratio.
 */
async function callFloor(url: string, headers: Record<string, string>): Promise<string> {
  const call = (path: string, init?: RequestInit) => async () => {
    const response = await fetch(`${url}${path}`, init);
    await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  const lines = [];
  for (const [name, fn] of [
    ['GET /api/health (no sign-in, no database)', call('/api/health')],
    ['GET /api/notifications (signed in, one small read)', call('/api/notifications', { headers })],
  ] as const) {
    const { api } = await measureMix(fn, undefined);
    lines.push(
      `      call floor, ${name}: p50 ${percentile(api, 50).toFixed(1)} ms, p95 ${percentile(api, 95).toFixed(1)} ms`,
    );
  }
  return lines.join('\n');
}

/** `searchPglite`: the same mixes on 10,000 incidents in the embedded database, through the real server. */
export async function benchSearchPglite(): Promise<BenchResult[]> {
  const dataDir = await tempDataDir();
  try {
    const { report, inspected: values } = await buildPgliteSearchData(dataDir, (lane, loaded) =>
      readMixValues(lane, loaded.companies[0]?.accountId ?? ''),
    );
    const company = report.companies[0];
    if (!company || !values) throw new Error('no company');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
    const database = await openDatabase({ pgliteDir: config.pgliteDir });
    const { signingKey } = await loadProviderSecrets(database).finally(() => database.close());
    const server = await startServer(dataDir, { command: 'node scripts/start.mjs' });
    try {
      const headers = await signIn(server.url, dataDir, signingKey, company.userIds[0] ?? '', '3h');
      const rows: MixFigures[] = [];
      for (const mix of searchMixes(values)) {
        const first = await searchCall(server.url, headers, mix);
        const times = await measureMix(() => searchCall(server.url, headers, mix), undefined);
        rows.push({ mix: mix.name, total: totalText(first), ...times });
      }
      process.stdout.write(`${figuresTable(rows)}\n`);
      const worst = rows.reduce((a, b) => (percentile(b.api, 95) > percentile(a.api, 95) ? b : a));
      return [
        {
          name: `Search mixes on 10,000 incidents (PGlite, ${rows.length} mixes)`,
          budget: `every API p95 < ${PGLITE_P95_MS} ms`,
          figure: `slowest p95 ${percentile(worst.api, 95).toFixed(1)} ms ('${worst.mix}'), up to ${RUNS} runs each`,
          pass: rows.every((row) => percentile(row.api, 95) < PGLITE_P95_MS),
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Peak resident memory of a process in MB while `fn` runs (polled every 10 ms) and its high-water mark after. */
async function peakRss<T>(
  pid: number,
  fn: () => Promise<T>,
): Promise<{ value: T; beforeMb: number; peakMb: number; hwmMb: number }> {
  const read = async (field: 'VmRSS' | 'VmHWM') => {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return kb / 1024;
  };
  const beforeMb = await read('VmRSS');
  let peakMb = beforeMb;
  let running = true;
  const poll = (async () => {
    while (running) {
      peakMb = Math.max(peakMb, await read('VmRSS'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const value = await fn();
    return { value, beforeMb, peakMb, hwmMb: await read('VmHWM') };
  } finally {
    running = false;
    await poll;
  }
}

/**
 * `searchExport`: the CSV export of a company's 100,000 incidents (every column) from the server on
 * PostgreSQL, streamed and counted as it arrives; rows per second and the server's peak memory.
 */
export async function benchSearchExport(): Promise<BenchResult[]> {
  const companies = await postgresCompanies();
  const company = companies.find((c) => c.incidents === 100_000);
  if (!company) throw new Error('no company of 100,000 incidents');
  return withPostgresServer(company, async (server, headers) => {
    const body = JSON.stringify({
      criteria: {
        status: {
          logicalOperation: 'OR',
          values: [
            { id: 'o', status: 1 },
            { id: 'c', status: 2 },
          ],
        },
      },
      auditTitle: 'Export bench',
      columns: [...RESULT_COLUMN_IDS],
      title: 'Every incident',
    });
    const started = performance.now();
    const { value, beforeMb, peakMb, hwmMb } = await peakRss(server.pid, async () => {
      const response = await fetch(`${server.url}/api/incidents/search/export`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'x-timezone-offset': '0' },
        body,
      });
      if (!response.ok || !response.body)
        throw new Error(`export answered ${response.status}: ${await response.text()}`);
      let lines = 0;
      let bytes = 0;
      // CRLF ends a row (the rows hold no line breaks); a chunk may end between CR and LF.
      let lastByte = 0;
      for await (const chunk of response.body) {
        bytes += chunk.byteLength;
        for (let i = 0; i < chunk.length; i++) {
          if (chunk[i] === 10 && (i > 0 ? chunk[i - 1] : lastByte) === 13) lines++;
        }
        lastByte = chunk[chunk.length - 1] ?? lastByte;
      }
      return { rows: lines - 1, bytes };
    });
    const seconds = (performance.now() - started) / 1000;
    const rate = value.rows / seconds;
    return [
      {
        name: `CSV export of ${value.rows.toLocaleString('en-US')} incidents, all ${RESULT_COLUMN_IDS.length} columns (PostgreSQL)`,
        budget: `≥ ${EXPORT_ROWS_PER_S.toLocaleString('en-US')} rows/s, server memory < ${EXPORT_RSS_MB} MB`,
        figure:
          `${Math.round(rate).toLocaleString('en-US')} rows/s (${seconds.toFixed(1)} s, ${(value.bytes / 1e6).toFixed(1)} MB), ` +
          `server RSS ${beforeMb.toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB during the export (high-water mark ${hwmMb.toFixed(0)} MB)`,
        pass: value.rows >= 100_000 && rate >= EXPORT_ROWS_PER_S && peakMb < EXPORT_RSS_MB,
      },
    ];
  });
}
