import { type Column, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { PgArray, PgJson, PgJsonb, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A lone UTF-16 surrogate (half an emoji, say, from text cut by position). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * How a column's cells go into the JSON array: JSON columns and arrays as they are, the rest as
 * drizzle sends them. A text with a lone surrogate gets U+FFFD in its place, as the driver gives a
 * text parameter (PostgreSQL refuses the JSON otherwise); an SQL expression or a number that is not
 * finite is refused here, where drizzle's insert would have sent or refused it.
 */
function cellWriter(column: Column): (value: unknown) => unknown {
  const raw = is(column, PgJsonb) || is(column, PgJson) || is(column, PgArray);
  return (value) => {
    if (value === null) return null;
    if (is(value, SQL) || (typeof value === 'number' && !Number.isFinite(value)))
      throw new Error(`bulkInsert cannot send ${String(value)} for ${column.name}`);
    if (raw) return value;
    const sent = column.mapToDriverValue(value);
    return typeof sent === 'string' ? sent.replace(LONE_SURROGATE, '\uFFFD') : sent;
  };
}

/**
 * Inserts many rows of `table` in one statement with one parameter: the rows as a JSON array,
 * turned back into the table's row type by `jsonb_populate_recordset`. drizzle's
 * `insert(table).values(rows)` binds a parameter per cell and builds each through its SQL builder:
 * for a batch of 500 imported incidents it spent more CPU building the statement than PostgreSQL
 * spent running it (issue 32's profile: 4 of 17.5 seconds). A column no row sets takes its
 * default; rows are grouped by the columns they set (one statement per group, so the tables'
 * statement triggers fire once when every row sets the same columns, as for `values(rows)`), so a
 * row that leaves a column out gets its default, never the null another row's key would give it. `returning` is a list of columns
 * (`sql\`id, number\``); its rows come back group by group, each group in the order given.
 */
export async function bulkInsert<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning?: SQL,
): Promise<Record<string, unknown>[]> {
  const columns = (Object.entries(getTableColumns(table)) as [string, Column][]).map(
    ([key, column]) => [key, column, cellWriter(column)] as const,
  );
  const groups = new Map<string, { keys: typeof columns; cells: Record<string, unknown>[] }>();
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    const keys = columns.filter(([key]) => record[key] !== undefined);
    if (keys.length === 0) throw new Error('bulkInsert needs at least one column set in every row');
    const signature = keys.map(([key]) => key).join(',');
    let group = groups.get(signature);
    if (!group) {
      group = { keys, cells: [] };
      groups.set(signature, group);
    }
    const cells: Record<string, unknown> = {};
    for (const [key, column, write] of keys) cells[column.name] = write(record[key]);
    group.cells.push(cells);
  }
  const answered: Record<string, unknown>[] = [];
  for (const { keys, cells } of groups.values()) {
    const names = sql.join(
      keys.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    const result = (await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(cells)}::jsonb)${
        returning ? sql` returning ${returning}` : sql``
      }`,
    )) as unknown as { rows: Record<string, unknown>[] };
    answered.push(...result.rows);
  }
  return answered;
}
