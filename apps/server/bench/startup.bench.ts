import { startServer, tempDataDir } from './server-process';
import type { BenchResult } from './stats';

/**
 * From `npm start` on an installed (and built) checkout to the first 200 on /api/health, budget
 * under 10 s: the first start (creates the database, migrates, seeds) and a later start.
 */
export async function benchStartup(): Promise<BenchResult[]> {
  const dataDir = await tempDataDir();
  const results: BenchResult[] = [];
  for (const label of ['first start (new database, seeding)', 'second start (existing database)']) {
    const server = await startServer(dataDir);
    const code = await server.stop();
    results.push({
      name: `npm start → /api/health 200, ${label}`,
      budget: '< 10 s, clean shutdown',
      figure: `${(server.readyMs / 1000).toFixed(2)} s, exit code ${code} after SIGTERM`,
      pass: server.readyMs < 10_000 && code === 0,
    });
  }
  return results;
}
