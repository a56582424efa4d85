import { startServer, tempDataDir } from './server-process';
import type { BenchResult } from './stats';

/**
 * From `npm start` on an installed (and built) checkout to the first 200 on /api/health, budget
 * under 10 s: the first start (creates the database, migrates, seeds) and a later start.
 */
export async function benchStartup(): Promise<BenchResult[]> {
  const dataDir = await tempDataDir();
  const results: BenchResult[] = [];
  const first = await startServer(dataDir);
  await first.stop();
  results.push({
    name: 'npm start → /api/health 200, first start (new database, migrations, seeding)',
    budget: '< 10 s',
    figure: `${(first.readyMs / 1000).toFixed(2)} s`,
    pass: first.readyMs < 10_000,
  });
  // What npm start runs, started directly so its own exit code after SIGTERM can be seen.
  const second = await startServer(dataDir, { command: 'node scripts/start.mjs' });
  const code = await second.stop();
  results.push({
    name: 'node scripts/start.mjs → /api/health 200, later start (existing database), then SIGTERM',
    budget: '< 10 s, exit code 0',
    figure: `${(second.readyMs / 1000).toFixed(2)} s, exit code ${code}`,
    pass: second.readyMs < 10_000 && code === 0,
  });
  return results;
}
