import type { IncidentRow } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jsonValue } from '../../db/json';
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

/** The names of one part's cards of the incident `i` in form order ('Unknown' for a card without one). */
const namesOf = (table: SQL, name: SQL) =>
  sql`coalesce((select json_agg(coalesce(nullif(trim(${name}), ''), 'Unknown') order by p.position)
    from ${table} p where p.incident_id = i.id), '[]'::json)`;

/**
 * IncidentRow of the incident aliased `i` as JSON, with its creator and investigator joined as `c`
 * and `u` (see incidentRowsJson). The part names feed the optional result columns (spec 2 §3).
 */
const incidentRowJson = sql`json_build_object(
  'id', i.id, 'number', i.number, 'status', i.status, 'locked', i.locked,
  'creationDate', ${isoSql(sql`i.created_at`)}, 'lastUpdateDate', ${isoSql(sql`i.updated_at`)},
  'reportedDate', ${isoSql(sql`i.reported_date`)}, 'occurredDate', ${isoSql(sql`i.occurred_date`)},
  'occurredDateUncertain', i.occurred_date_uncertain,
  'lastClassId', i.last_class_id, 'severityId', i.severity_id, 'summaryText', i.summary_text,
  'createUserId', i.create_user_id, 'createUserName', coalesce(${fullName('c')}, 'Unknown'),
  'assignedUserId', i.assigned_user_id,
  'assignedUserName', case when i.assigned_user_id is null then null else coalesce(${fullName('u')}, 'Unknown') end,
  'lastLocationId', i.last_location_id,
  'personNames', ${namesOf(sql`${incidentPersons}`, sql`p.first_name || ' ' || p.last_name`)},
  'companyNames', ${namesOf(sql`${incidentCompanies}`, sql`p.name`)},
  'vehicleNames', ${namesOf(
    sql`${incidentVehicles}`,
    sql`coalesce(nullif(trim(p.license_plate), ''), p.maker || ' ' || p.model)`,
  )},
  'itemNames', ${namesOf(sql`${incidentItems}`, sql`p.name`)},
  'correctiveActionTypeIds', coalesce((select json_agg(p.type_id order by p.position)
    from ${incidentCorrectiveActions} p where p.incident_id = i.id and p.type_id is not null), '[]'::json)
)`;

/**
 * The list rows of the incidents matching `where` (over `i`), in `orderBy` order, as one JSON
 * value: one query whatever the number of rows and cards (PGlite converts every cell in JavaScript).
 */
export async function incidentRows(
  tx: Executor,
  where: SQL,
  orderBy: SQL = sql`i.number desc`,
): Promise<IncidentRow[]> {
  return jsonValue<IncidentRow[]>(
    tx,
    sql`select coalesce(json_agg(${incidentRowJson} order by ${orderBy}), '[]'::json) as value
      from ${incidents} i
      left join ${users} c on c.id = i.create_user_id
      left join ${users} u on u.id = i.assigned_user_id
      where ${where}`,
  );
}

/**
 * Incidents the user entered or investigates, newest first: those the policy lets them see
 * (canViewIncident: locked ones only with INCIDENT_LOCK, and only with a privilege that shows incidents).
 */
export function listMyIncidents(tx: Executor, principal: Principal): Promise<IncidentRow[]> {
  return incidentRows(
    tx,
    sql`(i.create_user_id = ${principal.userId} or i.assigned_user_id = ${principal.userId})
      and ${visibleIncidentsSql(principal)}`,
  );
}
