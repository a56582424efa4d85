import {
  type BanType,
  displayName,
  formatCalendarDate,
  hasPrivilege,
  normalizeVehicleKey,
  personName,
  type SubjectAlert,
  type SubjectAlertCheckBody,
  type SubjectKind,
  subjectAlertMessage,
} from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { vehicleIdSql } from '../parties/vehicle-register';
import { activeBansFor, type SubjectRef } from './active-bans';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An alert as computed or stored, before it is shaped for a user. */
export interface AlertTerms {
  banId: string;
  subjectKind: SubjectKind;
  subjectId: string;
  subjectName: string;
  banType: BanType;
  locationName: string;
  endDate: string | null;
  reason: string;
}

/** What a user is answered: the last day in the company's format, the message; the reason with SUBJECT_VIEW only. */
export function alertForUser(principal: Principal, terms: AlertTerms): SubjectAlert {
  const until = terms.endDate ? formatCalendarDate(terms.endDate, principal.account.dateFormat) : 'indefinitely';
  return {
    banId: terms.banId,
    subjectKind: terms.subjectKind,
    subjectId: terms.subjectId,
    subjectName: terms.subjectName,
    banType: terms.banType,
    locationName: terms.locationName,
    until,
    message: subjectAlertMessage(terms.banType, terms.locationName, until),
    reason: hasPrivilege(principal, 'SUBJECT_VIEW') ? terms.reason : null,
  };
}

const vehicleName = (plate: string, province: string) => (province ? `${plate} (${province})` : plate) || 'Unknown';

interface NameRow {
  kind: SubjectKind;
  id: string;
  name: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  plate: string;
  province: string;
}

/** The display names of the subjects, by `${kind}:${id}` (persons: first, middle and last name only). */
async function subjectNames(tx: Executor, accountId: string, refs: readonly SubjectRef[]) {
  const wanted = JSON.stringify(refs.map((ref) => ({ kind: ref.kind, id: ref.id.toLowerCase() })));
  const rows = rowsOf<NameRow>(
    await tx.execute(sql`
      with wanted as (select r.kind, r.id from jsonb_to_recordset(${wanted}::jsonb) as r(kind text, id uuid))
      select w.kind, w.id::text as id, coalesce(p.name, '') as name, coalesce(p.first_name, '') as first_name,
             coalesce(p.middle_name, '') as middle_name, coalesce(p.last_name, '') as last_name,
             coalesce(v.license_plate, '') as plate, coalesce(v.state_province, '') as province
        from wanted w
        left join parties p on w.kind <> 'vehicle' and p.id = w.id and p.account_id = ${accountId}
        left join subject_vehicles v on w.kind = 'vehicle' and v.id = w.id and v.account_id = ${accountId}`),
  );
  const names = new Map<string, string>();
  for (const row of rows) {
    const name =
      row.kind === 'person'
        ? personName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name })
        : row.kind === 'legalEntity'
          ? displayName(row.name)
          : vehicleName(row.plate, row.province);
    names.set(`${row.kind}:${row.id}`, name);
  }
  return names;
}

/** The location and its ancestors, nearest first, with their names. */
async function coveringLocations(tx: Executor, accountId: string, locationId: string | null) {
  if (!locationId) return [];
  return rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      with recursive chain(id, parent_id, name, depth) as (
        select l.id, l.parent_id, l.name, 0 from lookups l
         where l.account_id = ${accountId} and l.type = 'location' and l.id = ${locationId}::uuid
        union all
        select l.id, l.parent_id, l.name, c.depth + 1 from lookups l join chain c on l.id = c.parent_id
         where l.account_id = ${accountId} and c.depth < 20)
      select id::text as id, name from chain order by depth`),
  );
}

/**
 * The alerts for `subjects` named on an incident at `locationId` on the day of `at` (default now):
 * every active ban, trespass notice or watch covering the location (see activeBansFor), strongest
 * first, with the subject's name and the ban's location that covers the incident's (the nearest).
 */
export async function alertsFor(
  tx: Executor,
  accountId: string,
  subjects: readonly SubjectRef[],
  locationId: string | null,
  at: Date | null,
): Promise<AlertTerms[]> {
  const bans = await activeBansFor(tx, accountId, subjects, locationId, at);
  if (bans.length === 0) return [];
  const names = await subjectNames(
    tx,
    accountId,
    bans.map((ban) => ({ kind: ban.subjectKind, id: ban.subjectId })),
  );
  const chain = await coveringLocations(tx, accountId, locationId);
  return bans.map((ban) => {
    const named = new Set(ban.locationIds.map((id) => id.toLowerCase()));
    const covering = ban.locationIds.length === 0 ? undefined : chain.find((location) => named.has(location.id));
    return {
      banId: ban.id,
      subjectKind: ban.subjectKind,
      subjectId: ban.subjectId,
      subjectName: names.get(`${ban.subjectKind}:${ban.subjectId.toLowerCase()}`) ?? 'Unknown',
      banType: ban.banType,
      locationName: covering?.name ?? '',
      endDate: ban.endDate,
      reason: ban.reason,
    };
  });
}

/** The register ids of vehicles by plate and province: the id the register derives from the key. */
async function vehicleRefs(
  tx: Executor,
  accountId: string,
  vehicles: readonly { licensePlate: string; stateProvince: string }[],
): Promise<SubjectRef[]> {
  const keys = [
    ...new Set(
      vehicles
        .map((vehicle) => normalizeVehicleKey(vehicle.licensePlate, vehicle.stateProvince))
        .filter((key) => key !== null),
    ),
  ];
  if (keys.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select ${vehicleIdSql(sql`${accountId}::uuid`, sql`k.key`)}::text as id
      from unnest(${sql`array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]`}) as k(key)`),
  );
  return rows.map((row) => ({ kind: 'vehicle', id: row.id }));
}

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** POST /subjects/alerts: the alerts the form's subjects raise at its location and date. */
export async function checkSubjectAlerts(
  tx: Executor,
  principal: Principal,
  body: SubjectAlertCheckBody,
): Promise<SubjectAlert[]> {
  const refs: SubjectRef[] = [
    ...unique(body.personIds).map((id) => ({ kind: 'person' as const, id })),
    ...unique(body.companyIds).map((id) => ({ kind: 'legalEntity' as const, id })),
    ...(await vehicleRefs(tx, principal.accountId, body.vehicles)),
  ];
  const at = body.occurredDate ? new Date(body.occurredDate) : null;
  const alerts = await alertsFor(tx, principal.accountId, refs, body.locationId, at);
  return alerts.map((alert) => alertForUser(principal, alert));
}
