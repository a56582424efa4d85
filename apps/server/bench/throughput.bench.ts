import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT } from './server-process';
import { type BenchResult, percentile } from './stats';

/**
 * Requests per second of an authenticated read of one incident (GET /api/incidents/:id as staff,
 * through the whole app: token, principal, tenant, privileges, the query, the answer's schema)
 * against the floor: the same query behind a bare Fastify route in the same process. autocannon
 * drives both over real HTTP, alternating, ROUNDS times each; the figure is the ratio of the
 * medians. Beside it, the CPU time per request of the server and database processes, whose ratio
 * is what the throughput ratio tends to on a machine doing nothing else. Both get the same
 * request, the signed-in user's Authorization header included, so the ratio is the server's work
 * and not the size of the request. Run on the embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, by default the local
 * server at 127.0.0.1:5432, in a database created and dropped for the run).
 * BENCH_ROUNDS and BENCH_SECONDS change the rounds and their length.
 * Budget (issue 10): on PostgreSQL the app reaches at least 50% of the floor.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 10;
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Target {
  app: string;
  bare: string;
  cpu: string;
  headers: Record<string, string>;
  database: string;
}

async function startTarget(databaseUrl: string | undefined): Promise<{ target: Target; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/throughput/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const target = await new Promise<Target>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the benchmark server exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as Target));
  });
  return { target, child };
}

interface Cpu {
  server: number;
  database: number;
}

interface Run {
  perSecond: number;
  /** CPU time per request in microseconds: the server process and the database's processes. */
  cpuMicros: Cpu;
}

const cpuTime = async (target: Target): Promise<Cpu> => (await fetch(target.cpu)).json() as Promise<Cpu>;

async function run(target: Target, url: string, headers: Record<string, string>): Promise<Run> {
  const before = await cpuTime(target);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const after = await cpuTime(target);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed`);
  const count = Math.max(1, result.requests.total);
  return {
    perSecond: result.requests.average,
    cpuMicros: { server: (after.server - before.server) / count, database: (after.database - before.database) / count },
  };
}

async function measureDatabase(label: string, databaseUrl: string | undefined, budget: boolean): Promise<BenchResult> {
  const { target, child } = await startTarget(databaseUrl);
  try {
    // Warm both paths (JIT, prepared plans, PGlite's WebAssembly) before measuring.
    await run(target, target.bare, target.headers);
    await run(target, target.app, target.headers);
    const bareRuns: Run[] = [];
    const appRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRuns.push(await run(target, target.bare, target.headers));
      appRuns.push(await run(target, target.app, target.headers));
    }
    const bare = bareRuns.map((r) => r.perSecond);
    const app = appRuns.map((r) => r.perSecond);
    const floor = percentile(bare, 50);
    const real = percentile(app, 50);
    const ratio = real / floor;
    const cpu = (runs: Run[], part: keyof Cpu) =>
      percentile(
        runs.map((r) => r.cpuMicros[part]),
        50,
      );
    const cpuFigure = (runs: Run[]) => `${cpu(runs, 'server').toFixed(0)} + ${cpu(runs, 'database').toFixed(0)} µs`;
    const [appCpu, bareCpu] = [appRuns, bareRuns].map((runs) => cpu(runs, 'server') + cpu(runs, 'database')) as [
      number,
      number,
    ];
    return {
      name: `Authenticated read of one incident vs the bare route, ${label} (${CONNECTIONS} connections)`,
      budget: budget ? 'at least 50% of the bare route' : 'reported (the 50% budget is for PostgreSQL)',
      figure:
        `app ${real.toFixed(0)} req/s, bare route ${floor.toFixed(0)} req/s: ${(ratio * 100).toFixed(1)}% ` +
        `(medians of ${ROUNDS} × ${SECONDS} s; app ${app.map((v) => v.toFixed(0)).join('/')}, bare ${bare.map((v) => v.toFixed(0)).join('/')}); ` +
        `CPU per request (server + database processes): app ${cpuFigure(appRuns)}, bare ${cpuFigure(bareRuns)}, ` +
        `ratio ${((bareCpu / appCpu) * 100).toFixed(1)}%`,
      pass: !budget || ratio >= 0.5,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function withFreshDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `blotter_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_BASE);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** BENCH_DATABASES=postgres or pglite runs one of the two. */
export async function benchThroughput(): Promise<BenchResult[]> {
  const which = process.env.BENCH_DATABASES ?? 'postgres,pglite';
  const results: BenchResult[] = [];
  if (which.includes('postgres')) {
    results.push(await withFreshDatabase((url) => measureDatabase('PostgreSQL', url, true)));
  }
  if (which.includes('pglite')) results.push(await measureDatabase('PGlite', undefined, false));
  return results;
}
