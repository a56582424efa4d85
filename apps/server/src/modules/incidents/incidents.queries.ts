import {
  INCIDENT_STATUS,
  type IncidentRow,
  type MyIncidentCounts,
  type MyIncidentsQuery,
  type Page,
  type PageQuery,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  incidentCompanies,
  incidentCorrectiveActions,
  incidentItems,
  incidentPersons,
  incidents,
  incidentVehicles,
  users,
} from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { visibleIncidentsSql } from './incident.policy';
import { fullName, isoSql } from './incident-parts.queries';

/** The card lists of a list row, each read only when a column shows it (all of them by default). */
export interface RowParts {
  persons: boolean;
  companies: boolean;
  vehicles: boolean;
  items: boolean;
  correctiveActions: boolean;
}
const ALL_PARTS: RowParts = { persons: true, companies: true, vehicles: true, items: true, correctiveActions: true };
const NONE = sql`'[]'::json`;

/** What a card list of a list row holds: the value of each card (over the card `p`) and which cards count. */
export interface CardList {
  /** The IncidentRow field. */
  field: 'personNames' | 'companyNames' | 'vehicleNames' | 'itemNames' | 'correctiveActionTypeIds';
  table: SQL;
  value: SQL;
  /** A condition on `p` (or an empty SQL): cards that do not count are left out. */
  counts: SQL;
}

/** A card's name, or 'Unknown' for a card without one. */
const nameOf = (name: SQL) => sql`coalesce(nullif(trim(${name}), ''), 'Unknown')`;

/** The card lists of the list row, by part: the single definition the row JSON and the export read. */
export const CARD_LISTS: Record<keyof RowParts, CardList> = {
  persons: {
    field: 'personNames',
    table: sql`${incidentPersons}`,
    value: nameOf(sql`p.first_name || ' ' || p.last_name`),
    counts: sql``,
  },
  companies: { field: 'companyNames', table: sql`${incidentCompanies}`, value: nameOf(sql`p.name`), counts: sql`` },
  vehicles: {
    field: 'vehicleNames',
    table: sql`${incidentVehicles}`,
    value: nameOf(sql`coalesce(nullif(trim(p.license_plate), ''), p.maker || ' ' || p.model)`),
    counts: sql``,
  },
  items: { field: 'itemNames', table: sql`${incidentItems}`, value: nameOf(sql`p.name`), counts: sql`` },
  correctiveActions: {
    field: 'correctiveActionTypeIds',
    table: sql`${incidentCorrectiveActions}`,
    value: sql`p.type_id`,
    counts: sql` and p.type_id is not null`,
  },
};

/** One card list of the incident `i`, in form order, as a JSON array (empty when it has no card). */
const cardsOf = ({ table, value, counts }: CardList) =>
  sql`coalesce((select json_agg(${value} order by p.position)
    from ${table} p where p.incident_id = i.id${counts}), '[]'::json)`;

/**
 * IncidentRow of the incident aliased `i` as JSON, with its creator and investigator joined as `c`
 * and `u` (see incidentRowsJson). The part names feed the optional result columns (spec 2 §3); a
 * part not in `parts` is answered as an empty list without reading its table (an export of the
 * default columns reads no card).
 */
export const incidentRowJsonOf = (parts: RowParts) => sql`json_build_object(
  'id', i.id, 'number', i.number, 'status', i.status, 'locked', i.locked,
  'creationDate', ${isoSql(sql`i.created_at`)}, 'lastUpdateDate', ${isoSql(sql`i.updated_at`)},
  'reportedDate', ${isoSql(sql`i.reported_date`)}, 'occurredDate', ${isoSql(sql`i.occurred_date`)},
  'occurredDateUncertain', i.occurred_date_uncertain,
  'lastClassId', i.last_class_id, 'severityId', i.severity_id, 'summaryText', i.summary_text,
  'createUserId', i.create_user_id, 'createUserName', coalesce(${fullName('c')}, 'Unknown'),
  'assignedUserId', i.assigned_user_id,
  'assignedUserName', case when i.assigned_user_id is null then null else coalesce(${fullName('u')}, 'Unknown') end,
  'lastLocationId', i.last_location_id,
  'personNames', ${parts.persons ? cardsOf(CARD_LISTS.persons) : NONE},
  'companyNames', ${parts.companies ? cardsOf(CARD_LISTS.companies) : NONE},
  'vehicleNames', ${parts.vehicles ? cardsOf(CARD_LISTS.vehicles) : NONE},
  'itemNames', ${parts.items ? cardsOf(CARD_LISTS.items) : NONE},
  'correctiveActionTypeIds', ${parts.correctiveActions ? cardsOf(CARD_LISTS.correctiveActions) : NONE},
  'bannedSubject', exists (select 1 from incident_subject_alerts sa where sa.incident_id = i.id and sa.account_id = i.account_id)
)`;
export const incidentRowJson = incidentRowJsonOf(ALL_PARTS);

/**
 * The list rows (`row`, over `i` and its creator `c` and assignee `u`) of the incidents of `source`
 * (rows of incidents aliased `i`), in `orderBy` order, as one JSON value: one query whatever the
 * number of rows and cards (PGlite converts every cell in JavaScript).
 */
export function incidentRowsOf(source: SQL, orderBy: SQL, row: SQL = incidentRowJson): SQL {
  return sql`select coalesce(json_agg(${row} order by ${orderBy}), '[]'::json)
    from ${source}
    left join ${users} c on c.id = i.create_user_id
    left join ${users} u on u.id = i.assigned_user_id`;
}

/**
 * The list rows of the incidents matching `where` (over `i`), in `orderBy` order (which must be
 * total, so pages never overlap). Only page `p` of `psz` rows is read: the names and parts are
 * looked up for those rows alone.
 */
function incidentRowsSql(where: SQL, orderBy: SQL, { p, psz }: PageQuery): SQL {
  return incidentRowsOf(
    sql`(select * from ${incidents} i where ${where} order by ${orderBy} limit ${psz} offset ${p * psz}) i`,
    orderBy,
  );
}

/**
 * One page of the incidents matching `where` and their total (`count`, an expression counting the
 * same incidents), in one statement: one round trip, and the page and the total come from the same
 * snapshot.
 */
async function incidentPage(
  tx: Executor,
  where: SQL,
  count: SQL,
  orderBy: SQL,
  query: PageQuery,
): Promise<Page<IncidentRow>> {
  const result = (await tx.execute(
    sql`select (${incidentRowsSql(where, orderBy, query)}) as items, (${count}) as total`,
  )) as unknown as { rows: { items: IncidentRow[]; total: number }[] };
  const row = result.rows[0];
  return { items: row?.items ?? [], total: row?.total ?? 0, page: query.p, pageSize: query.psz };
}

/**
 * The user's incidents in two disjoint parts: those they entered, and those they investigate that
 * someone else entered. Each part is read by an index of its own (incidents_account_creator,
 * incidents_account_assignee) holding the status and locked columns too, so counting 100,000 of
 * them reads only the indexes; counted with an OR the database reads every row.
 */
const myIncidentParts = (userId: string) => [
  sql`i.create_user_id = ${userId}`,
  sql`i.assigned_user_id = ${userId} and i.create_user_id <> ${userId}`,
];

/**
 * The incidents of a part (or all the user's) that the policy lets them see (canViewIncident:
 * locked ones only with INCIDENT_LOCK, and only with a privilege that shows incidents), optionally
 * of one status.
 */
function myIncidentsSql(principal: Principal, part: SQL, status: number | undefined): SQL {
  const ofStatus = status === undefined ? sql`` : sql` and i.status = ${status}`;
  return sql`i.account_id = ${principal.accountId} and ${part} and ${visibleIncidentsSql(principal)}${ofStatus}`;
}

/** `select columns` of each part of the user's incidents (myIncidentsSql), one row per part. */
function perPartSql(principal: Principal, columns: SQL, status?: number): SQL {
  return sql.join(
    myIncidentParts(principal.userId).map(
      (part) => sql`select ${columns} from ${incidents} i where ${myIncidentsSql(principal, part, status)}`,
    ),
    sql` union all `,
  );
}

/** A page of the incidents the user entered or investigates, optionally of one status, newest first, with the total. */
export function listMyIncidents(
  tx: Executor,
  principal: Principal,
  query: MyIncidentsQuery,
): Promise<Page<IncidentRow>> {
  const mine = sql`(i.create_user_id = ${principal.userId} or i.assigned_user_id = ${principal.userId})`;
  return incidentPage(
    tx,
    myIncidentsSql(principal, mine, query.status),
    sql`select coalesce(sum(n), 0)::int from (${perPartSql(principal, sql`count(*) as n`, query.status)}) parts`,
    sql`i.number desc`,
    query,
  );
}

/** The dashboard cards' numbers: the user's open and closed incidents, counted from the indexes alone. */
export async function countMyIncidents(tx: Executor, principal: Principal): Promise<MyIncidentCounts> {
  const counts = sql`count(*) filter (where i.status = ${INCIDENT_STATUS.OPEN}) as open,
    count(*) filter (where i.status = ${INCIDENT_STATUS.CLOSED}) as closed`;
  const result = (await tx.execute(
    sql`select coalesce(sum(open), 0)::int as open, coalesce(sum(closed), 0)::int as closed
      from (${perPartSql(principal, counts)}) parts`,
  )) as unknown as { rows: MyIncidentCounts[] };
  return result.rows[0] ?? { open: 0, closed: 0 };
}
