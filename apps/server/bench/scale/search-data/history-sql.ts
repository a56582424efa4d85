import { type SQL, sql } from 'drizzle-orm';
import { iso } from './sql-helpers';

/**
 * One CREATE history row per incident, written by its creator. The snapshot has the shape of
 * IncidentSnapshot with the incident's own fields but empty part lists: the search never reads
 * history, and a full snapshot per incident would double the load for nothing it measures; the
 * table is there so the database has the size and the rows of a real one.
 */
export function historyStatement(): SQL {
  return sql`
    insert into incident_history (account_id, incident_id, action_type, update_user_id, update_user_name, snapshot, created_at)
    select i.account_id, i.id, 'CREATE', i.create_user_id, u.first_name || ' ' || u.last_name,
      jsonb_build_object(
        'id', i.id, 'number', i.number, 'status', 1, 'locked', false,
        'creationDate', ${iso(sql`i.created_at`)}, 'lastUpdateDate', ${iso(sql`i.created_at`)},
        'createUserId', i.create_user_id, 'createUserName', u.first_name || ' ' || u.last_name,
        'assignedUserId', i.assigned_user_id, 'assignedUserName', null,
        'reportedDate', ${iso(sql`i.reported_date`)}, 'occurredDate', ${iso(sql`i.occurred_date`)},
        'occurredDateUncertain', i.occurred_date_uncertain, 'lastClassId', i.last_class_id,
        'severityId', i.severity_id, 'primaryCauseId', i.primary_cause_id, 'causeComments', i.cause_comments,
        'summary', i.summary,
        'location', jsonb_build_object(
          'address', i.location_address, 'unit', i.location_unit, 'street', i.location_street,
          'postalCode', i.location_postal_code, 'cityId', i.location_city_id, 'cityName', i.location_city_name,
          'stateName', i.location_state_name, 'countryCode', i.location_country_code,
          'countryName', i.location_country_name, 'lastLocationId', i.last_location_id),
        'persons', '[]'::jsonb, 'companies', '[]'::jsonb, 'vehicles', '[]'::jsonb, 'items', '[]'::jsonb,
        'attachments', '[]'::jsonb, 'correctiveActions', '[]'::jsonb, 'close', null),
      i.created_at
    from incidents i join users u on u.id = i.create_user_id
    where i.account_id in (select account_id from bench_company)`;
}
