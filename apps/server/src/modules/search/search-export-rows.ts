import { DEFAULT_SEARCH_SORT, type ResultRow, type SearchSort } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { incidents, users } from '../../db/schema/index';
import { fullName, isoSql } from '../incidents/incident-parts.queries';
import { CARD_LISTS, type CardList, type RowParts } from '../incidents/incidents.queries';
import { execute } from './search.queries';
import { sortOrder } from './search-order';

const NONE = sql`'[]'::json`;

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

/**
 * Incidents per answered value: the answer comes as many small JSON values, not one of the whole
 * batch: a string above 128 kB is allocated where only a full garbage collection frees it, and one
 * such string per batch grew the server by 150 MB over 100,000 rows. 50 rows of about 500 bytes
 * stay well under it even as two-byte (accented) text.
 */
const ROWS_PER_VALUE = 50;

/**
 * A row of the batch's answer as a JSON array, in the order of ResultRow's fields below (keys
 * would be half the bytes PostgreSQL writes and Node parses, and an array parses faster than an
 * object). `lists` are the card list columns, in CARD_LISTS' order (`'[]'` for a list not read).
 */
const rowArraySql = (lists: SQL[]) => sql`json_build_array(
  i.number, ${isoSql(sql`i.reported_date`)}, ${isoSql(sql`i.occurred_date`)}, i.occurred_date_uncertain,
  i.last_class_id, i.severity_id, coalesce(${fullName('c')}, 'Unknown'), i.assigned_user_id,
  case when i.assigned_user_id is null then null else coalesce(${fullName('u')}, 'Unknown') end,
  i.status, i.locked, i.last_location_id, i.summary_text, ${sql.join(lists, sql`, `)})`;

type RowArray = [
  number,
  string,
  string,
  boolean,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  number,
  boolean,
  string | null,
  string,
  string[],
  string[],
  string[],
  string[],
  string[],
];

/** A row of rowArraySql as the columns read it. */
const resultRowOf = (v: RowArray): ResultRow => ({
  number: v[0],
  reportedDate: v[1],
  occurredDate: v[2],
  occurredDateUncertain: v[3],
  lastClassId: v[4],
  severityId: v[5],
  createUserName: v[6],
  assignedUserId: v[7],
  assignedUserName: v[8],
  status: v[9],
  locked: v[10],
  lastLocationId: v[11],
  summaryText: v[12],
  personNames: v[13],
  companyNames: v[14],
  vehicleNames: v[15],
  itemNames: v[16],
  correctiveActionTypeIds: v[17],
});

/** The IncidentRow fields of the card lists, in the order rowArraySql writes them. */
const LIST_PARTS = ['persons', 'companies', 'vehicles', 'items', 'correctiveActions'] as const;

/** One card list of the batch's incidents: one grouped scan of its table by incident id, with each incident's values in form order. */
const cardListSql = ({ table, value, counts }: CardList) => sql`
  select p.incident_id, json_agg(${value} order by p.position) as names from ${table} p
  where p.incident_id = any((select ids from ids)::uuid[])${counts} group by p.incident_id`;

/**
 * The rows of the incidents numbered `numbers` that the principal may still find (`visible`:
 * searchableSql), in the order of `numbers`, with only the card lists of `parts` (the others
 * empty), in pieces of at most ROWS_PER_VALUE rows: an export's batch (at most EXPORT_BATCH
 * numbers), found by the number index however the matches were found.
 *
 * One statement (one round trip, one snapshot). The batch's incidents are read by (company,
 * number) straight from the incidents table: `visible` reads only the incident's own company,
 * status, creator and locked flag, which the table holds as the search projection does, so the
 * batch is read with one index probe a row instead of two. Each card list is ONE grouped query over
 * its table for the whole batch (`incident_id = any(ids)`), not a subquery per incident and list,
 * with the values and order of the row JSON's own lists (CARD_LISTS), joined to its rows by
 * PostgreSQL. The rows come in the order of `numbers` (`with ordinality`) as JSON arrays of only
 * the fields the columns read, ROWS_PER_VALUE to a value.
 *
 * Each value is answered as its JSON text, parsed (rowsOfValue) only when its CSV text is written:
 * the batches read ahead then wait as a few flat strings, not as thousands of row objects that
 * every young-generation collection would copy (and promote) until they are written.
 */
export async function batchRows(
  tx: Executor,
  visible: SQL,
  numbers: readonly number[],
  parts: RowParts,
): Promise<string[]> {
  const read = LIST_PARTS.filter((part) => parts[part]);
  const lists = LIST_PARTS.map((part) => (parts[part] ? sql.raw(`coalesce(l_${part}.names, '[]'::json)`) : NONE));
  const perValue = sql.raw(String(ROWS_PER_VALUE));
  const values = await execute<{ value: string }>(
    tx,
    sql`with batch as materialized (
        select * from ${incidents} i where ${visible} and i.number = any(${`{${numbers.join(',')}}`}::int[])),
      ids as materialized (select array_agg(id) as ids from batch)${sql.join(
        read.map((part) => sql`, ${sql.raw(`l_${part}`)} as (${cardListSql(CARD_LISTS[part])})`),
        sql``,
      )}
      select json_agg(${rowArraySql(lists)} order by k.at)::text as value
      from batch i
        join unnest(${`{${numbers.join(',')}}`}::int[]) with ordinality k(number, at) on k.number = i.number
        left join ${users} c on c.id = i.create_user_id
        left join ${users} u on u.id = i.assigned_user_id
        ${sql.join(
          read.map((part) => sql.raw(` left join l_${part} on l_${part}.incident_id = i.id`)),
          sql``,
        )}
      group by (k.at - 1) / ${perValue}
      order by (k.at - 1) / ${perValue}`,
  );
  return values.map(({ value }) => value);
}

/** The rows of one value of batchRows. */
export const rowsOfValue = (value: string): ResultRow[] => (JSON.parse(value) as RowArray[]).map(resultRowOf);
