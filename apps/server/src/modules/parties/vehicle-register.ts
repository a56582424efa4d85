import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sqlArray } from '../../db/json';

/**
 * A vehicle's id in the register (issue 31): md5 of the company and the normalised key, as a uuid,
 * so the same plate and province always answer the same id (migration subject_vehicles_backfill
 * computes it alike).
 */
export const vehicleIdSql = (accountId: SQL, vehicleKey: SQL) =>
  sql`md5(${accountId}::text || '|' || ${vehicleKey})::uuid`;

/**
 * After the incident's vehicle cards are written (or a bulk import's batch of incidents): records
 * each plate in the company's register of vehicles (one row per normalised plate and province),
 * its card the latest knowledge. One statement whatever the number of cards.
 */
export async function registerVehicles(
  tx: Tx,
  accountId: string,
  incidentIds: string | readonly string[],
): Promise<void> {
  const ids = typeof incidentIds === 'string' ? [incidentIds] : incidentIds;
  // Keys in order (distinct on sorts by them): two transactions registering the same vehicles lock
  // their rows in the same order and never deadlock (a bulk import writes two batches at once). A
  // vehicle on several incidents of a batch keeps the card of the one reported last.
  await tx.execute(sql`
    insert into subject_vehicles (id, account_id, vehicle_key, license_plate, state_province, data, last_seen_at)
    select distinct on (v.vehicle_key)
           ${vehicleIdSql(sql`v.account_id`, sql`v.vehicle_key`)}, v.account_id, v.vehicle_key, v.license_plate,
           coalesce(v.data->>'stateProvince', ''), v.data, now()
      from incident_vehicles v
      join incidents i on i.id = v.incident_id
     where v.account_id = ${accountId} and v.incident_id = any(${sqlArray(ids, 'uuid')}) and v.vehicle_key is not null
     order by v.vehicle_key, i.reported_date desc nulls last, i.number desc, v.position
    on conflict (account_id, vehicle_key) do update
       set license_plate = excluded.license_plate, state_province = excluded.state_province,
           data = excluded.data, last_seen_at = now()`);
}
