import { formatDateTime, type IncidentChange, type ReaderClock } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import { jsonValue } from '../../../db/json';
import { draftIncidents, incidentHistory, incidents } from '../../../db/schema/index';
import type { Principal } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { isoSql } from '../incident-parts.queries';

/**
 * Bumps the version of an incident for a change recorded in its history. The acting user's own
 * working copy, when it was current, follows: a change they make from the edit form (an attachment
 * added or removed) is not someone else's change to warn them about. With `everyCopy` (a close,
 * reopen, lock or unlock: nothing typed in a copy conflicts with them) every current copy follows,
 * so a copy kept over a close can be applied once the incident is reopened.
 */
export async function bumpIncidentVersion(
  tx: Tx,
  principal: Principal,
  incidentId: string,
  everyCopy = false,
): Promise<void> {
  const whose = everyCopy ? sql`` : sql`and d.user_id = ${principal.userId}`;
  await tx.execute(sql`with bumped as (
      update ${incidents} set version = version + 1 where id = ${incidentId} returning version)
    update ${draftIncidents} d set base_version = bumped.version from bumped
    where d.incident_id = ${incidentId} ${whose} and d.base_version = bumped.version - 1`);
}

/** The incident's version and its last change (who, when), or undefined when it does not exist. */
export async function lastIncidentChange(tx: Executor, incidentId: string): Promise<IncidentChange | undefined> {
  const value = await jsonValue<IncidentChange | null>(
    tx,
    sql`select (
      select json_build_object('version', i.version,
        'userName', coalesce(nullif(trim(h.update_user_name), ''), 'Unknown'),
        'date', ${isoSql(sql`coalesce(h.created_at, i.updated_at)`)})
      from ${incidents} i
      left join lateral (select update_user_name, created_at from ${incidentHistory}
        where incident_id = i.id order by created_at desc limit 1) h on true
      where i.id = ${incidentId}) as value`,
  );
  return value ?? undefined;
}

/**
 * Refuses a save made from a copy of an older version of the incident (409 STALE_INCIDENT), naming
 * who changed it and when in the reader's date format. The caller holds the incident's row lock
 * (incidentForEdit), so no change can slip in between this check and the save. Without a base
 * version (an API caller without a working copy) there is nothing to compare.
 */
export async function assertCurrentVersion(
  tx: Tx,
  incident: { id: string; number: number },
  baseVersion: number | null,
  clock: ReaderClock,
): Promise<void> {
  if (baseVersion === null) return;
  const change = await lastIncidentChange(tx, incident.id);
  if (!change || change.version === baseVersion) return;
  throw new AppError(
    'STALE_INCIDENT',
    `Incident #${incident.number} was changed by ${change.userName} on ${formatDateTime(change.date, clock.dateFormat, clock.timezoneOffset)} ` +
      'after you started editing it. Your changes were not saved: reload the incident to edit its current version.',
  );
}
