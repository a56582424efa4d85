import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedReferenceData } from '../src/db/seed/reference';

/**
 * Runs once per test run: migrates and seeds one in-memory PGlite and dumps it, so each test file
 * starts from that template in under a second instead of running initdb (several seconds).
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrateDatabase(database, undefined);
    await seedReferenceData(database);
    const dump = await database.dumpDataDir?.();
    if (!dump) return;
    const file = path.join(os.tmpdir(), `blotter-test-template-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env.BLOTTER_PGLITE_TEMPLATE = file;
  } finally {
    await database.close();
  }
}
