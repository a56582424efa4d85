import { mkdir } from 'node:fs/promises';
import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { type SeedResult, seedDatabase } from './seed/index';

/** Opens the database, applies migrations and seeds on first start. */
export async function prepareDatabase(
  config: Config,
  options: { demo?: boolean; initialDataDir?: Blob } = {},
): Promise<{ database: Database; seed: SeedResult }> {
  if (!config.databaseUrl && !config.pgliteDir.startsWith('memory://')) {
    await mkdir(config.pgliteDir, { recursive: true });
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    initialDataDir: options.initialDataDir,
  });
  try {
    await migrateDatabase(database, config.databaseUrl);
    const seed = await seedDatabase(database, { demoPassword: config.demoPassword, demo: options.demo });
    return { database, seed };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
