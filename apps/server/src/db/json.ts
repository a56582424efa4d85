import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Runs a query that answers one JSON value in a column named `value` and returns it. Lists read
 * on hot paths are aggregated to JSON in the database: PGlite converts every cell of a result in
 * JavaScript, so one JSON cell is several times faster than hundreds of rows (PostgreSQL does
 * not mind either way).
 */
export async function jsonValue<T>(db: Executor, query: SQL): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: { value: T }[] };
  const row = result.rows[0];
  if (!row) throw new Error('The JSON query answered no row');
  return row.value;
}
