import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { loadProviderSecrets } from '../../src/oidc/keys';
import { startServer, tempDataDir } from '../server-process';
import { type BenchResult, percentile } from '../stats';
import { signIn } from './health-wait';
import { chosen, PRODUCTION_RESPONSES, pairResult, signedInFloor, totalText } from './search.scale';
import { buildPgliteSearchData } from './search-data/search-database';
import {
  adminPrincipal,
  callFloor,
  countCall,
  figuresTable,
  floorLine,
  type MixFigures,
  machineState,
  measurePairs,
  mixSql,
  type PairTimes,
  searchCall,
} from './search-measure';
import { readMixValues, searchMixes } from './search-mixes';

/**
 * `searchPglite`: the same mixes on 10,000 incidents in the embedded database. The server holds
 * the PGlite directory while it runs (one process, one connection), so each mix's statement is
 * first measured directly on the same directory, opened as the server opens it (in a worker, in a
 * tenant transaction of the company, after an unmeasured `select 1`), then the directory is closed
 * and the mixes run through the real server. Budget per mix as on PostgreSQL: API p95 at most the
 * larger of 1.5× and +10 ms of that SQL p95 (the two are measured one after the other, not
 * alternately: the load average of both is printed); not judged at a load above the cores.
 */
export async function benchSearchPglite(): Promise<BenchResult[]> {
  const dataDir = await tempDataDir();
  try {
    const { report, inspected: values } = await buildPgliteSearchData(dataDir, (lane, loaded) =>
      readMixValues(lane, loaded.companies[0]?.accountId ?? ''),
    );
    const company = report.companies[0];
    if (!company || !values) throw new Error('no company');
    const principal = adminPrincipal(company);
    const mixes = chosen(searchMixes(values));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
    const database = await openDatabase({ pgliteDir: config.pgliteDir });
    const sqlFloor = { state: machineState(), select1: [] as number[] };
    const sqlTimes = new Map<string, number[]>();
    const signingKey = await (async () => {
      try {
        await database.tenant(company.accountId, async (tx) => {
          const [floor] = await measurePairs([{ name: 'select 1', api: () => tx.execute(sql`select 1`) }], {
            runs: 10,
            warmup: 2,
          });
          sqlFloor.select1 = floor?.api ?? [];
          for (const mix of mixes) {
            const statement = await mixSql(tx, principal, mix);
            const [times] = await measurePairs([{ name: 'page', api: () => tx.execute(statement) }]);
            sqlTimes.set(mix.name, times?.api ?? []);
          }
        });
        sqlFloor.state = machineState();
        return (await loadProviderSecrets(database)).signingKey;
      } finally {
        await database.close();
      }
    })();
    process.stdout.write(
      `      SQL measured directly on the PGlite directory: load ${sqlFloor.state.load1.toFixed(2)} ` +
        `(${sqlFloor.state.cores} cores); select 1 p50 ${percentile(sqlFloor.select1, 50).toFixed(2)} ` +
        `p95 ${percentile(sqlFloor.select1, 95).toFixed(2)} ms\n`,
    );
    const server = await startServer(dataDir, {
      command: 'node scripts/start.mjs',
      env: { CHECK_RESPONSES: PRODUCTION_RESPONSES },
    });
    try {
      const headers = await signIn(server.url, dataDir, signingKey, company.userIds[0] ?? '', '3h');
      const rows: MixFigures[] = [];
      const results: BenchResult[] = [];
      let before = await callFloor(server.url);
      for (const mix of mixes) {
        await searchCall(server.url, headers, mix);
        const [times] = await measurePairs([{ name: 'page', api: () => searchCall(server.url, headers, mix) }], {
          serverPid: server.pid,
        });
        const after = await callFloor(server.url);
        const pair: PairTimes = {
          name: 'page',
          api: times?.api ?? [],
          sql: sqlTimes.get(mix.name) ?? [],
          cpuMsPerCall: times?.cpuMsPerCall,
        };
        const row = { mix: mix.name, total: totalText(await countCall(server.url, headers, mix)), ...pair };
        rows.push(row);
        process.stdout.write(`      ${floorLine('before', before)}\n${figuresTable([row]).split('\n')[1]}\n`);
        process.stdout.write(`      ${floorLine('after', after)}\n`);
        results.push(
          pairResult(`Search '${mix.name}' on 10,000 incidents (PGlite, ${row.total} found)`, pair, [
            { ...sqlFloor, health: [] },
            before,
            after,
          ]),
        );
        before = after;
      }
      process.stdout.write(`${figuresTable(rows)}\n${await signedInFloor(server.url, headers, server.pid)}\n`);
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
