import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client';
import { applyRepeatables, SQL_DIR } from './repeatable';

/** Next to this module in the source tree, and copied next to the bundle by the build. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 727_274;

/**
 * Applies the drizzle-kit migrations, then the repeatable ones (src/db/sql, see repeatable.ts) whose
 * text changed. On PostgreSQL several processes may start at once, so one dedicated connection
 * holds an advisory lock while it migrates.
 */
export async function migrateDatabase(
  database: Database,
  url: string | undefined,
  folder = MIGRATIONS_DIR,
  sqlFolder = SQL_DIR,
) {
  if (database.kind === 'pglite' || !url) {
    await migratePglite(database.db as unknown as PgliteDatabase, {
      migrationsFolder: folder,
    });
    await applyRepeatables(database.db, sqlFolder);
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzle(client);
    await migrateNodePg(db, { migrationsFolder: folder });
    await applyRepeatables(db, sqlFolder);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
