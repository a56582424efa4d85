import type { IncidentFields } from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { Executor, Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import {
  attachments,
  incidentCompanies,
  incidentCorrectiveActions,
  incidentItems,
  incidentPersons,
  incidents,
  incidentVehicles,
} from '../../db/schema/index';
import { registerVehicles } from '../parties/vehicle-register';

/** A timestamp as the API sends dates everywhere else (Date#toISOString), whatever the session time zone. */
export const isoSql = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The name of the user row aliased `alias`, or null when it has none (lists show 'Unknown'). */
export const fullName = (alias: string) =>
  sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

/** The cards of one part table in form order, as a JSON array (an empty array when there are none). */
const cards = (table: SQL) =>
  sql`coalesce((select json_agg(p.data order by p.position) from ${table} p where p.incident_id = i.id), '[]'::json)`;

/** The location (Where) of the incident aliased `i`, as JSON. */
export const locationJson = sql`json_build_object(
  'address', i.location_address, 'unit', i.location_unit, 'street', i.location_street,
  'postalCode', i.location_postal_code, 'cityId', i.location_city_id, 'cityName', i.location_city_name,
  'stateName', i.location_state_name, 'countryCode', i.location_country_code,
  'countryName', i.location_country_name, 'lastLocationId', i.last_location_id)`;

/**
 * IncidentFields of the incident aliased `i`, as one JSON object. Reading it as one value instead
 * of a row per card matters on PGlite, which converts every cell of a result in JavaScript.
 */
export const incidentFieldsJson = sql`json_build_object(
  'assignedUserId', i.assigned_user_id,
  'reportedDate', ${isoSql(sql`i.reported_date`)},
  'occurredDate', ${isoSql(sql`i.occurred_date`)},
  'occurredDateUncertain', i.occurred_date_uncertain,
  'lastClassId', i.last_class_id,
  'severityId', i.severity_id,
  'primaryCauseId', i.primary_cause_id,
  'causeComments', i.cause_comments,
  'summary', i.summary,
  'location', ${locationJson},
  'persons', ${cards(sql`${incidentPersons}`)},
  'companies', ${cards(sql`${incidentCompanies}`)},
  'vehicles', ${cards(sql`${incidentVehicles}`)},
  'items', ${cards(sql`${incidentItems}`)},
  'attachments', coalesce((
    select json_agg(json_build_object(
      'id', a.id, 'name', a.name, 'comments', a.comments,
      'incidentItemId', a.incident_item_id, 'incidentVehicleId', a.incident_vehicle_id)
      order by a.uploaded_at, a.id)
    from ${attachments} a where a.incident_id = i.id), '[]'::json),
  'correctiveActions', ${cards(sql`${incidentCorrectiveActions}`)}
)`;

/** The saved incident as form data (an open-draft starts from it), or undefined when not visible. */
export async function loadIncidentFields(tx: Executor, incidentId: string): Promise<IncidentFields | undefined> {
  const value = await jsonValue<IncidentFields | null>(
    tx,
    sql`select (select ${incidentFieldsJson} from ${incidents} i where i.id = ${incidentId}) as value`,
  );
  return value ?? undefined;
}

/** The rows of every card of an incident, by part table, in the form's order. */
export function partRows(accountId: string, incidentId: string, fields: IncidentFields) {
  const base = (id: string, position: number, data: unknown) => ({ accountId, incidentId, id, position, data });
  return {
    persons: fields.persons.map((p, i) => ({
      ...base(p.id, i, p),
      personId: p.personId,
      firstName: p.firstName,
      middleName: p.middleName,
      lastName: p.lastName,
      alias: p.alias,
      isEmployee: p.isEmployee,
    })),
    companies: fields.companies.map((c, i) => ({
      ...base(c.id, i, c),
      personId: c.personId,
      name: c.name,
      isOwner: c.isOwner,
    })),
    vehicles: fields.vehicles.map((v, i) => ({
      ...base(v.id, i, v),
      licensePlate: v.licensePlate,
      maker: v.maker,
      model: v.model,
      color: v.color,
      ownerPersonId: v.ownerPersonId,
    })),
    items: fields.items.map((item, i) => ({
      ...base(item.id, i, item),
      name: item.name,
      status: item.status,
      brand: item.brand,
      serialNumber: item.serialNumber,
      ownerPersonId: item.ownerPersonId,
      valueCents: item.value,
    })),
    correctiveActions: fields.correctiveActions.map((a, i) => ({ ...base(a.id, i, a), typeId: a.typeId })),
  };
}
export type PartRows = ReturnType<typeof partRows>;

/**
 * Inserts part rows (of one incident, or of many: a bulk import's batch), one statement per part
 * table; the caller registers the vehicles (registerVehicles) of the incidents that have some.
 */
export async function insertPartRows(tx: Tx, rows: PartRows) {
  if (rows.persons.length > 0) await bulkInsert(tx, incidentPersons, rows.persons);
  if (rows.companies.length > 0) await bulkInsert(tx, incidentCompanies, rows.companies);
  if (rows.vehicles.length > 0) await bulkInsert(tx, incidentVehicles, rows.vehicles);
  if (rows.items.length > 0) await bulkInsert(tx, incidentItems, rows.items);
  if (rows.correctiveActions.length > 0) await bulkInsert(tx, incidentCorrectiveActions, rows.correctiveActions);
}

/** Inserts every card of the incident (one statement per part table), keeping the form order. */
export async function insertParts(tx: Tx, accountId: string, incidentId: string, fields: IncidentFields) {
  await insertPartRows(tx, partRows(accountId, incidentId, fields));
  if (fields.vehicles.length > 0) await registerVehicles(tx, accountId, incidentId);
}

/** Removes every card of the incident in one statement (attachments are kept: they are files). */
export async function deleteParts(tx: Tx, incidentId: string) {
  await tx.execute(sql`with
    persons as (delete from ${incidentPersons} where incident_id = ${incidentId}),
    companies as (delete from ${incidentCompanies} where incident_id = ${incidentId}),
    vehicles as (delete from ${incidentVehicles} where incident_id = ${incidentId}),
    items as (delete from ${incidentItems} where incident_id = ${incidentId}),
    actions as (delete from ${incidentCorrectiveActions} where incident_id = ${incidentId})
    select 1`);
}
