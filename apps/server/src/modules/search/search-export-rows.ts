import { DEFAULT_SEARCH_SORT, type IncidentRow, type SearchSort } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { incidents, users } from '../../db/schema/index';
import { CARD_LISTS, type CardList, incidentRowJsonOf, type RowParts } from '../incidents/incidents.queries';
import { execute } from './search.queries';
import { sortOrder } from './search-order';

/** The numbers of every incident meeting the criteria (`where` over `i`), in the results' order: an export's plan. */
export async function matchingNumbers(
  tx: Executor,
  where: SQL,
  sort: SearchSort = DEFAULT_SEARCH_SORT,
): Promise<number[]> {
  const [row] = await execute<{ numbers: number[] }>(
    tx,
    sql`select coalesce(array_agg(i.number order by ${sortOrder(sort, 'i')}), '{}') as numbers from search_incidents i where ${where}`,
  );
  return row?.numbers ?? [];
}

/** The row JSON without its card lists: each list is read apart, by one grouped query for the batch. */
const NO_CARDS: RowParts = {
  persons: false,
  companies: false,
  vehicles: false,
  items: false,
  correctiveActions: false,
};

/**
 * Incidents per answered value (`i.number / ROWS_PER_VALUE`: at most this many). The answer comes as
 * many small JSON values, not one of the whole batch: a string above 128 kB is allocated where only
 * a full garbage collection frees it, and one such string per batch grew the server by 150 MB over
 * 100,000 rows. 50 rows of about 900 bytes stay under it even as two-byte (accented) text.
 */
const ROWS_PER_VALUE = 50;

/** A row of the batch's answer: a value of `ROWS_PER_VALUE` rows (list null), or a part of one card list (by incident id). */
interface BatchValue {
  list: CardList['field'] | null;
  value: IncidentRow[] | Record<string, string[]>;
}

/** One card list of the batch's incidents: one grouped scan of its table by incident id, cut in 16 values by the id's first digit. */
const cardListSql = ({ field, table, value, counts }: CardList) => sql`
  select ${sql.raw(`'${field}'`)}, json_object_agg(g.incident_id, g.names) from (
    select p.incident_id, json_agg(${value} order by p.position) as names from ${table} p
    where p.incident_id = any((select ids from ids)::uuid[])${counts} group by p.incident_id) g
  group by left(g.incident_id::text, 1)`;

/**
 * The list rows of the incidents numbered `numbers` that the principal may still find (`visible`:
 * searchableSql), in the order of `numbers`, with only the card lists of `parts`: an export's batch
 * (at most EXPORT_BATCH numbers), found by the number index however the matches were found.
 *
 * One statement (one round trip, one snapshot). The batch's incidents are read by (company,
 * number) straight from the incidents table: `visible` reads only the incident's own company,
 * status, creator and locked flag, which the table holds as the search projection does, so the
 * batch is read with one index probe a row instead of two. Each card list is ONE grouped query over
 * its table for the whole batch (`incident_id = any(ids)`), not a subquery per incident and list,
 * with the values and order of the row JSON's own lists (CARD_LISTS); the lists are put on their rows
 * here. On the 1.9 M-incident bench data (1,000 rows, every list) the database's work per batch went
 * from about 110 ms to about 50 ms.
 */
export async function rowsByNumbers(
  tx: Executor,
  visible: SQL,
  numbers: readonly number[],
  parts: RowParts,
): Promise<IncidentRow[]> {
  const lists = (Object.keys(CARD_LISTS) as (keyof RowParts)[])
    .filter((part) => parts[part])
    .map((part) => CARD_LISTS[part]);
  const values = await execute<BatchValue>(
    tx,
    sql`with batch as materialized (
        select * from ${incidents} i where ${visible} and i.number = any(${`{${numbers.join(',')}}`}::int[])),
      ids as materialized (select array_agg(id) as ids from batch)
      select null as list, json_agg(${incidentRowJsonOf(NO_CARDS)}) as value from batch i
        left join ${users} c on c.id = i.create_user_id
        left join ${users} u on u.id = i.assigned_user_id
        group by i.number / ${sql.raw(String(ROWS_PER_VALUE))}
      ${sql.join(
        lists.map((list) => sql` union all ${cardListSql(list)}`),
        sql``,
      )}`,
  );
  const rows: IncidentRow[] = [];
  const byId = new Map<string, IncidentRow>();
  for (const { list, value } of values) {
    if (list !== null) continue;
    for (const row of value as IncidentRow[]) {
      rows.push(row);
      byId.set(row.id, row);
    }
  }
  for (const { list, value } of values) {
    if (list === null) continue;
    for (const [id, names] of Object.entries(value as Record<string, string[]>)) {
      const row = byId.get(id);
      if (row) row[list] = names;
    }
  }
  // In the order of `numbers` (each number once: numbers are unique in a company).
  const at = new Map(numbers.map((number, k) => [number, k]));
  return rows.sort((a, b) => (at.get(a.number) ?? 0) - (at.get(b.number) ?? 0));
}
