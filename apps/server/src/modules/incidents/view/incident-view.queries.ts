import type {
  CorrectiveAction,
  IncidentDetail,
  IncidentRuleTarget,
  Item,
  LegalEntity,
  Person,
  Vehicle,
} from '@blotter/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { jsonValue, type Prefetch, PreparedQuery } from '../../../db/json';
import {
  attachments,
  incidentCompanies,
  incidentCorrectiveActions,
  incidentItems,
  incidentPersons,
  incidents,
  incidentVehicles,
  users,
} from '../../../db/schema/index';
import { attachmentJson, type StoredAttachment } from '../attachments/attachments.queries';
import { incidentRuleJson } from '../incident.policy';
import { fullName, isoSql, locationJson } from '../incident-parts.queries';

/**
 * The viewer's reads (spec 1 §2 Incident viewer). Each answers the incident's rule fields and its
 * data as one JSON value in one query, so every viewer call is a single round trip, and the caller
 * applies canViewIncident before anything leaves the server.
 */

/** GET /incidents/{id} before the actions are added. */
export type IncidentDetailRow = Omit<IncidentDetail, 'actions'>;

const countOf = (table: SQL) => sql`(select count(*)::int from ${table} p where p.incident_id = i.id)`;

/** The incident without its parts, with the number of cards of each part; undefined when missing. */
const incidentDetailQuery = new PreparedQuery(
  'incident_detail',
  sql`select (
      select json_build_object(
        'id', i.id, 'number', i.number, 'status', i.status, 'locked', i.locked,
        'creationDate', ${isoSql(sql`i.created_at`)}, 'lastUpdateDate', ${isoSql(sql`i.updated_at`)},
        'createUserId', i.create_user_id, 'createUserName', coalesce(${fullName('c')}, 'Unknown'),
        'assignedUserId', i.assigned_user_id,
        'assignedUserName', case when i.assigned_user_id is null then null else coalesce(${fullName('u')}, 'Unknown') end,
        'reportedDate', ${isoSql(sql`i.reported_date`)}, 'occurredDate', ${isoSql(sql`i.occurred_date`)},
        'occurredDateUncertain', i.occurred_date_uncertain,
        'lastClassId', i.last_class_id, 'severityId', i.severity_id, 'primaryCauseId', i.primary_cause_id,
        'causeComments', i.cause_comments, 'summary', i.summary, 'summaryText', i.summary_text,
        'location', ${locationJson},
        'close', i.close,
        'counts', json_build_object(
          'persons', ${countOf(sql`${incidentPersons}`)},
          'companies', ${countOf(sql`${incidentCompanies}`)},
          'vehicles', ${countOf(sql`${incidentVehicles}`)},
          'items', ${countOf(sql`${incidentItems}`)},
          -- The viewer's Attachments (n) section lists only files not tied to a vehicle or item.
          'attachments', (select count(*)::int from ${attachments} p
            where p.incident_id = i.id and p.incident_item_id is null and p.incident_vehicle_id is null),
          'correctiveActions', ${countOf(sql`${incidentCorrectiveActions}`)}))
      from ${incidents} i
      left join ${users} c on c.id = i.create_user_id
      left join ${users} u on u.id = i.assigned_user_id
      where i.id = ${sql.placeholder('incidentId')}) as value`,
);

/** GET /incidents/{id}'s read as a prefetch: its value is an IncidentDetailRow or null. */
export const incidentDetailPrefetch = (incidentId: string): Prefetch => ({
  query: incidentDetailQuery,
  values: { incidentId },
});

export async function loadIncidentDetail(tx: Executor, incidentId: string): Promise<IncidentDetailRow | undefined> {
  const value = await jsonValue<IncidentDetailRow | null>(tx, incidentDetailQuery, { incidentId });
  return value ?? undefined;
}

/** The incident's rule fields with the cards of one part, or undefined when the incident is missing. */
export interface PartCards<T> {
  incident: IncidentRuleTarget & { number: number };
  cards: T[];
}

/** The query of one part's cards with the incident's rule fields, prepared once per part. */
const cardsQuery = (name: string, cards: SQL) =>
  new PreparedQuery(
    name,
    sql`select (
      select json_build_object(
        'incident', (${incidentRuleJson})::jsonb || jsonb_build_object('number', i.number),
        'cards', coalesce((${cards}), '[]'::json))
      from ${incidents} i where i.id = ${sql.placeholder('incidentId')}) as value`,
  );

async function loadCards<T>(tx: Executor, incidentId: string, query: PreparedQuery): Promise<PartCards<T> | undefined> {
  const value = await jsonValue<PartCards<T> | null>(tx, query, { incidentId });
  return value ?? undefined;
}

/** The stored cards of a part table in form order. */
const plainCards = (table: SQL) =>
  sql`select json_agg(p.data order by p.position) from ${table} p where p.incident_id = i.id`;

const personCardsQuery = cardsQuery('incident_persons', plainCards(sql`${incidentPersons}`));
const companyCardsQuery = cardsQuery('incident_companies', plainCards(sql`${incidentCompanies}`));
const actionCardsQuery = cardsQuery('incident_actions', plainCards(sql`${incidentCorrectiveActions}`));

export const loadPersonCards = (tx: Executor, incidentId: string) =>
  loadCards<Person>(tx, incidentId, personCardsQuery);
export const loadCompanyCards = (tx: Executor, incidentId: string) =>
  loadCards<LegalEntity>(tx, incidentId, companyCardsQuery);
export const loadCorrectiveActionCards = (tx: Executor, incidentId: string) =>
  loadCards<CorrectiveAction>(tx, incidentId, actionCardsQuery);

/** A vehicle or item card with its owner's name and its own files (not signed yet). */
export type OwnedCard<T> = T & { ownerName: string | null; attachments: StoredAttachment[] };

/**
 * Vehicle or item cards with the name of the owning person or legal-entity card of the same
 * incident ('Unknown' when that card has no name, null when there is no owner card), and the
 * attachments tied to each card in upload order.
 */
const ownedCards = (table: SQL, fileColumn: SQL) => sql`
  select json_agg(p.data || jsonb_build_object(
    'ownerName', (
      select coalesce(nullif(o.name, ''), 'Unknown') from (
        -- The person's name as the viewer and the print write it (personName): first, middle, last.
        select concat_ws(' ', nullif(trim(op.first_name), ''), nullif(trim(op.middle_name), ''),
                         nullif(trim(op.last_name), '')) as name from ${incidentPersons} op
         where op.incident_id = i.id and op.id = p.owner_person_id
        union all
        select trim(oc.name) from ${incidentCompanies} oc
         where oc.incident_id = i.id and oc.id = p.owner_person_id) o
      limit 1),
    'attachments', coalesce((
      select jsonb_agg(${attachmentJson} order by a.uploaded_at, a.id) from ${attachments} a
       where a.incident_id = i.id and ${fileColumn} = p.id), '[]'::jsonb))
    order by p.position)
  from ${table} p where p.incident_id = i.id`;

const vehicleCardsQuery = cardsQuery(
  'incident_vehicles',
  ownedCards(sql`${incidentVehicles}`, sql`a.incident_vehicle_id`),
);
const itemCardsQuery = cardsQuery('incident_items', ownedCards(sql`${incidentItems}`, sql`a.incident_item_id`));

export const loadVehicleCards = (tx: Executor, incidentId: string) =>
  loadCards<OwnedCard<Vehicle>>(tx, incidentId, vehicleCardsQuery);
export const loadItemCards = (tx: Executor, incidentId: string) =>
  loadCards<OwnedCard<Item>>(tx, incidentId, itemCardsQuery);

const incidentRulesQuery = new PreparedQuery(
  'incident_rules',
  sql`select (select (${incidentRuleJson})::jsonb || jsonb_build_object('number', i.number)
    from ${incidents} i where i.id = ${sql.placeholder('incidentId')}) as value`,
);

/** The incident's number with its rule fields (read audit), or undefined when missing. */
export async function loadIncidentRules(
  tx: Executor,
  incidentId: string,
): Promise<(IncidentRuleTarget & { number: number }) | undefined> {
  const value = await jsonValue<(IncidentRuleTarget & { number: number }) | null>(tx, incidentRulesQuery, {
    incidentId,
  });
  return value ?? undefined;
}
