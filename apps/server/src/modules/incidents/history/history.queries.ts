import type { HistoryEntry, IncidentRuleTarget } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { jsonValue } from '../../../db/json';
import { importRows, imports, incidentHistory, incidents } from '../../../db/schema/index';
import type { IncidentSnapshot } from '../changes/record-incident-change';
import { incidentRuleJson } from '../incident.policy';
import { isoSql } from '../incident-parts.queries';

/**
 * Reads of the incident history (spec 1 §2 History). Each answers the rule fields of the incident
 * as it is now (a history row is as visible as its incident) with the data, as one JSON value.
 * Rows are ordered by time, then id, so "the row before" is the same in the list and the compare.
 */

export async function loadHistoryEntries(
  tx: Executor,
  incidentId: string,
): Promise<{ incident: IncidentRuleTarget; entries: HistoryEntry[] } | undefined> {
  const value = await jsonValue<{ incident: IncidentRuleTarget; entries: HistoryEntry[] } | null>(
    tx,
    sql`select (
      select json_build_object(
        'incident', ${incidentRuleJson},
        'entries', coalesce((
          select json_agg(json_build_object(
              'id', h.id, 'updateDate', ${isoSql(sql`h.created_at`)}, 'actionType', h.action_type,
              'updateUserName', coalesce(nullif(trim(h.update_user_name), ''), 'Unknown'),
              'recordedOfflineAt', ${isoSql(sql`h.recorded_offline_at`)},
              'importedFrom', case when h.action_type = 'IMPORT' then (
                select im.file_name from ${importRows} r join ${imports} im on im.id = r.import_id
                 where r.incident_id = h.incident_id and r.outcome = 'created' limit 1) end)
            order by h.created_at desc, h.id desc)
          from ${incidentHistory} h where h.incident_id = i.id), '[]'::json))
      from ${incidents} i where i.id = ${incidentId}) as value`,
  );
  return value ?? undefined;
}

export interface HistoryVersions {
  incident: IncidentRuleTarget;
  current: IncidentSnapshot;
  /** The version before (null for the first row, CREATE). */
  previous: IncidentSnapshot | null;
}

/** The snapshot of one history row and, when asked, the one before it. */
export async function loadHistoryVersions(
  tx: Executor,
  historyId: string,
  withPrevious: boolean,
): Promise<HistoryVersions | undefined> {
  const previous = withPrevious
    ? sql`(select p.snapshot from ${incidentHistory} p
          where p.incident_id = h.incident_id and (p.created_at, p.id) < (h.created_at, h.id)
          order by p.created_at desc, p.id desc limit 1)`
    : sql`null`;
  const value = await jsonValue<HistoryVersions | null>(
    tx,
    sql`select (
      select json_build_object('incident', ${incidentRuleJson}, 'current', h.snapshot, 'previous', ${previous})
      from ${incidentHistory} h join ${incidents} i on i.id = h.incident_id
      where h.id = ${historyId}) as value`,
  );
  return value ?? undefined;
}
