import {
  BAN_TYPES,
  type BanType,
  displayName,
  type Page,
  type PageQuery,
  personName,
  SUBJECT_RELATIONS,
  type SubjectDetail,
  type SubjectIncident,
  type SubjectListQuery,
  type SubjectParams,
  type SubjectRelation,
  type SubjectRow,
  vehicleIdentitySchema,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import type { FileSigner } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { writeReadAudit } from '../audit/audit.service';
import { pictureFolder } from '../incidents/incident-fields';
import { companyCard, personCard } from '../parties/parties.service';
import { registerCardForUser, seesPrivateFields } from '../parties/person-privacy';
import {
  activeBanTypeSql,
  companyTodaySql,
  incidentDateSql,
  subjectExistsSql,
  visibleSubjectIncidentsSql,
} from './subject-sql';
import { listSubjects, type SubjectListRow } from './subjects.queries';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const asBan = (value: unknown): BanType | null => (BAN_TYPES.includes(value as BanType) ? (value as BanType) : null);
const text = (data: Record<string, unknown> | null, key: string) =>
  typeof data?.[key] === 'string' ? (data[key] as string) : '';

/** A signed link to the person's picture when it is one of the company's own files. */
function photoUrl(principal: Principal, signer: FileSigner, data: Record<string, unknown> | null): string | null {
  const picture = text(data, 'personPicture');
  return picture.startsWith(pictureFolder(principal.accountId)) ? signer.url(picture, principal.accountId) : null;
}

export const vehicleName = (plate: string, province: string) =>
  (province ? `${plate} (${province})` : plate) || 'Unknown';

function listRow(principal: Principal, signer: FileSigner, row: SubjectListRow): SubjectRow {
  const base = {
    kind: row.kind,
    id: row.id,
    incidentCount: row.incident_count,
    latestIncident:
      row.latest_id && row.latest_number !== null
        ? { id: row.latest_id, number: row.latest_number, date: row.latest_date }
        : null,
    activeBan: asBan(row.active_ban),
  };
  if (row.kind === 'person') {
    return {
      ...base,
      displayName: personName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name }),
      detail: row.alias,
      photoUrl: photoUrl(principal, signer, row.data),
    };
  }
  if (row.kind === 'legalEntity') return { ...base, displayName: displayName(row.name), detail: '', photoUrl: null };
  const detail = ['maker', 'model', 'color'].map((key) => text(row.data, key)).filter(Boolean);
  return { ...base, displayName: vehicleName(row.plate, row.province), detail: detail.join(' '), photoUrl: null };
}

/** GET /subjects: the page of subjects, their counts of the incidents the user may see. */
export async function subjectPage(
  tx: Executor,
  principal: Principal,
  query: SubjectListQuery,
  signer: FileSigner,
): Promise<Page<SubjectRow>> {
  const { rows, total } = await listSubjects(tx, principal, query);
  return { items: rows.map((row) => listRow(principal, signer, row)), total, page: query.p, pageSize: query.psz };
}

/** The subject's SQL handles: its kind, id and (vehicles) key, read once its row exists; else 404. */
async function findSubject(
  tx: Executor,
  accountId: string,
  { kind, id }: SubjectParams,
): Promise<{ kind: SubjectParams['kind']; id: SQL; key: SQL }> {
  const found = rowsOf<{ key: string | null }>(
    await tx.execute(
      sql`select (select v.vehicle_key from subject_vehicles v where v.id = ${id} and v.account_id = ${accountId}) as key
           where exists (${subjectExistsSql(accountId, kind, id)})`,
    ),
  );
  if (found.length === 0) throw notFound('Subject');
  return { kind, id: sql`${id}::uuid`, key: sql`${found[0]?.key ?? null}::text` };
}

/** The subject exists in the user's company (404 otherwise, like another company's). */
export async function subjectOrNotFound(tx: Executor, accountId: string, params: SubjectParams): Promise<void> {
  await findSubject(tx, accountId, params);
}

interface Summary {
  incident_count: number;
  active_ban: string | null;
  aliases: string[] | null;
  data: Record<string, unknown> | null;
  last_seen: string | null;
}

/**
 * GET /subjects/:kind/:id: the subject's identity, masked without PRIVACY_INFO_VIEW. A person's
 * private fields shown unmasked are audited (SUBJECT READ_PRIVATE) in the read's transaction.
 */
export async function subjectDetail(
  tx: Tx,
  principal: Principal,
  params: SubjectParams,
  signer: FileSigner,
): Promise<SubjectDetail> {
  const subject = await findSubject(tx, principal.accountId, params);
  const accountId = principal.accountId;
  const aliasColumn = params.kind === 'person' ? sql`c.data->>'alias'` : sql`null::text`;
  const [summary] = rowsOf<Summary>(
    await tx.execute(sql`
      select (select count(distinct i.id)::int from ${visibleSubjectIncidentsSql(principal, subject.kind, subject.id, subject.key)}) as incident_count,
             ${activeBanTypeSql(accountId, sql`${params.kind}::text`, subject.id, companyTodaySql(accountId))} as active_ban,
             (select array_agg(distinct a) from (
                select ${aliasColumn} as a from ${visibleSubjectIncidentsSql(principal, subject.kind, subject.id, subject.key)}
              ) x where a <> '') as aliases,
             coalesce((select p.data from parties p where p.id = ${params.id} and p.account_id = ${accountId}),
                      (select v.data from subject_vehicles v where v.id = ${params.id} and v.account_id = ${accountId})) as data,
             -- Of the incidents the caller may see only: a locked or another user's own incident
             -- must not show through as 'last seen'.
             (select to_char(max(coalesce(i.occurred_date, i.reported_date, i.created_at)) at time zone 'UTC',
                             'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                from ${visibleSubjectIncidentsSql(principal, subject.kind, subject.id, subject.key)}) as last_seen`),
  );
  const base = {
    kind: params.kind,
    id: params.id,
    incidentCount: summary?.incident_count ?? 0,
    activeBan: asBan(summary?.active_ban),
    lastSeenDate: summary?.last_seen ?? null,
    person: null,
    legalEntity: null,
    vehicle: null,
    photoUrl: null,
  };
  const data = summary?.data ?? null;
  if (params.kind === 'vehicle') {
    const vehicle = vehicleIdentitySchema.parse({
      licensePlate: text(data, 'licensePlate'),
      stateProvince: text(data, 'stateProvince'),
      maker: text(data, 'maker'),
      model: text(data, 'model'),
      color: text(data, 'color'),
      vin: text(data, 'vin'),
    });
    return { ...base, displayName: vehicleName(vehicle.licensePlate, vehicle.stateProvince), aliases: [], vehicle };
  }
  if (params.kind === 'legalEntity') {
    const legalEntity = await companyCard(tx, params.id);
    return { ...base, displayName: displayName(legalEntity.name), aliases: [], legalEntity };
  }
  const card = await personCard(tx, params.id);
  const aliases = [...new Set([card.alias, ...(summary?.aliases ?? [])].filter(Boolean))].sort();
  if (seesPrivateFields(principal)) {
    await writeReadAudit(tx, principal, {
      objectType: 'SUBJECT',
      transactionType: 'READ_PRIVATE',
      objectName: personName(card),
      objectId: params.id,
      objectData: { kind: params.kind },
    });
  }
  return {
    ...base,
    displayName: personName(card),
    aliases,
    person: registerCardForUser(principal, card),
    photoUrl: photoUrl(principal, signer, data),
  };
}

interface TimelineRow {
  id: string;
  number: number;
  date: string | null;
  status: number;
  locked: boolean;
  last_class_id: string | null;
  last_location_id: string | null;
  card: Record<string, unknown>;
}

const RELATION_FIELDS: Record<SubjectRelation, string> = {
  reporter: 'relationReporter',
  victim: 'relationVictim',
  personOfInterest: 'relationPersonOfInterest',
  suspect: 'relationSuspect',
  witness: 'relationWitness',
  subject: 'relationSubject',
};

/** The timeline's page of `incidentsOf` (visibleSubjectIncidentsSql), its total beside each row. */
export const timelineSql = (incidentsOf: SQL, page: PageQuery) => sql`
    select id, number, date, status, locked, last_class_id, last_location_id, card, count(*) over ()::int as total
      from (select distinct on (i.id) i.id, i.number, ${incidentDateSql} as at,
                   to_char(${incidentDateSql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
                   i.status::int as status, i.locked, i.last_class_id, i.last_location_id, c.data as card
              from ${incidentsOf}
             order by i.id) x
     order by at desc, number desc
     limit ${page.psz} offset ${page.p * page.psz}`;

/**
 * The timeline's one statement: whether the subject exists (else 404), and its page beside it (a
 * vehicle's key read by the same statement), so the call is one round trip after the principal.
 */
export function timelinePageSql(principal: Principal, params: SubjectParams, page: PageQuery) {
  const key =
    params.kind === 'vehicle'
      ? sql`(select v.vehicle_key from subject_vehicles v where v.id = ${params.id} and v.account_id = ${principal.accountId})`
      : sql`null::text`;
  const incidentsOf = visibleSubjectIncidentsSql(principal, params.kind, sql`${params.id}::uuid`, key);
  const statement = sql`select f.found, t.* from (select exists (${subjectExistsSql(principal.accountId, params.kind, params.id)}) as found) f
    left join lateral (${timelineSql(incidentsOf, page)}) t on f.found`;
  return { statement, incidentsOf };
}

/**
 * GET /subjects/:kind/:id/incidents: the incidents the user may see that the subject appears on,
 * newest first, with its relation in each; paged in the database (the subject's index, then the
 * incident of each card). An incident naming the subject twice is listed once, its first card's.
 */
export async function subjectTimeline(
  tx: Executor,
  principal: Principal,
  params: SubjectParams,
  page: PageQuery,
): Promise<Page<SubjectIncident>> {
  const { statement, incidentsOf } = timelinePageSql(principal, params, page);
  const result = rowsOf<{ found: boolean } & Partial<TimelineRow & { total: number }>>(await tx.execute(statement));
  if (!result[0]?.found) throw notFound('Subject');
  const rows = result.filter((row): row is typeof row & TimelineRow => typeof row.id === 'string');
  const total =
    rows[0]?.total ??
    (page.p === 0
      ? 0
      : (rowsOf<{ n: number }>(await tx.execute(sql`select count(distinct i.id)::int as n from ${incidentsOf}`))[0]
          ?.n ?? 0));
  return {
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      date: row.date,
      status: row.status,
      locked: row.locked,
      lastClassId: row.last_class_id,
      lastLocationId: row.last_location_id,
      relations: SUBJECT_RELATIONS.filter((relation) => row.card[RELATION_FIELDS[relation]] === true),
      involvementId:
        params.kind === 'vehicle' && typeof row.card.involvementId === 'string' ? row.card.involvementId : null,
    })),
    total,
    page: page.p,
    pageSize: page.psz,
  };
}
