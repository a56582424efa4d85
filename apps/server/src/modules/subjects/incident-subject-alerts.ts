import { formatOccurred, lookupPathText, type SubjectKind, subjectAlertMessage } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { enqueueJob } from '../../platform/jobs/index';
import type { Principal } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';
import { incidentLinkPath } from '../incident-notifications/incident-notify';
import type { IncidentChangedSubscriber } from '../incidents/changes/incident-changed';
import type { IncidentSnapshot } from '../incidents/changes/record-incident-change';
import { incidentRules, visibleOrNotFound } from '../incidents/incident.policy';
import { loadAllLookups } from '../lookups/lookups.queries';
import { vehicleIdSql } from '../parties/vehicle-register';
import type { SubjectRef } from './active-bans';
import { type AlertTerms, alertForUser, alertsFor } from './subject-alerts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The register subjects named on the saved incident: its persons, legal entities and vehicles. */
async function incidentSubjects(tx: Executor, accountId: string, incidentId: string): Promise<SubjectRef[]> {
  return rowsOf<SubjectRef>(
    await tx.execute(sql`
      select 'person' as kind, ip.person_id::text as id from incident_persons ip
       where ip.account_id = ${accountId} and ip.incident_id = ${incidentId} and ip.person_id is not null
      union
      select 'legalEntity', ic.person_id::text from incident_companies ic
       where ic.account_id = ${accountId} and ic.incident_id = ${incidentId} and ic.person_id is not null
      union
      select 'vehicle', ${vehicleIdSql(sql`iv.account_id`, sql`iv.vehicle_key`)}::text from incident_vehicles iv
       where iv.account_id = ${accountId} and iv.incident_id = ${incidentId} and iv.vehicle_key is not null`),
  );
}

/** The day an incident's bans are judged on: when it occurred, else was reported, else now. */
const dayOf = (incident: IncidentSnapshot) => {
  const when = incident.occurredDate ?? incident.reportedDate;
  return when ? new Date(when) : null;
};

interface StoredRow {
  ban_id: string;
  subject_kind: SubjectKind;
  subject_id: string;
}

/**
 * Stores the alerts of the incident as saved (replacing those of its previous save) and answers
 * the ones whose subject had none before: a subject newly added, or newly covered (first save,
 * location changed). Runs in the save's transaction.
 */
export async function storeIncidentSubjectAlerts(
  tx: Tx,
  accountId: string,
  incident: IncidentSnapshot,
): Promise<AlertTerms[]> {
  const subjects = await incidentSubjects(tx, accountId, incident.id);
  const alerts = await alertsFor(tx, accountId, subjects, incident.location.lastLocationId, dayOf(incident));
  const before = rowsOf<StoredRow>(
    await tx.execute(sql`delete from incident_subject_alerts
       where account_id = ${accountId} and incident_id = ${incident.id}
       returning ban_id::text, subject_kind, subject_id::text`),
  );
  // One statement whatever the number of alerts (up to 600 subjects, each with its bans).
  if (alerts.length > 0) {
    const rows = JSON.stringify(
      alerts.map((alert) => ({
        ban_id: alert.banId,
        subject_kind: alert.subjectKind,
        subject_id: alert.subjectId,
        subject_name: alert.subjectName,
        ban_type: alert.banType,
        location_name: alert.locationName,
        end_date: alert.endDate,
      })),
    );
    await tx.execute(sql`insert into incident_subject_alerts
        (account_id, incident_id, ban_id, subject_kind, subject_id, subject_name, ban_type, location_name, end_date)
      select ${accountId}, ${incident.id}, r.ban_id, r.subject_kind, r.subject_id, r.subject_name, r.ban_type,
             r.location_name, r.end_date
        from jsonb_to_recordset(${rows}::jsonb) as r(ban_id uuid, subject_kind text, subject_id uuid,
             subject_name text, ban_type text, location_name text, end_date date)`);
  }
  const known = new Set(before.map((row) => `${row.subject_kind}:${row.subject_id.toLowerCase()}`));
  const seen = new Set<string>();
  // One alert per new subject: its strongest ban (alertsFor answers the strongest first).
  return alerts.filter((alert) => {
    const key = `${alert.subjectKind}:${alert.subjectId.toLowerCase()}`;
    if (known.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The recipients of every rule that asks for banned-subject alerts, each address once. */
async function alertRecipients(tx: Executor, accountId: string): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await tx.execute(sql`select distinct on (lower(e.email)) e.email
       from incident_notifications n, unnest(n.recipient_emails) as e(email)
      where n.account_id = ${accountId} and n.banned_subject_alerts
      order by lower(e.email), e.email`),
  );
  return rows.map((row) => row.email);
}

/**
 * Queues the email of each new alert to the chosen recipients (spec 3 §5's rules with 'Banned
 * subject alerts'): the subject's name and the alert, the incident's number, location and date, and
 * the link. Never a private person field, nor the ban's reason (the recipients' privileges are not
 * known). Each email is its own job (retried by the job runner).
 */
async function queueAlertEmails(tx: Tx, principal: Principal, incident: IncidentSnapshot, alerts: AlertTerms[]) {
  if (alerts.length === 0) return;
  const recipients = await alertRecipients(tx, principal.accountId);
  if (recipients.length === 0) return;
  const all = await loadAllLookups(tx);
  const locationId = incident.location.lastLocationId;
  const [named] = locationId
    ? rowsOf<{ name: string }>(
        await tx.execute(
          sql`select name from lookups where account_id = ${principal.accountId} and id = ${locationId}`,
        ),
      )
    : [];
  const locationName = named?.name ?? 'no location';
  const locationPath = locationId ? lookupPathText(all.multiple.location, locationId) : 'Not given';
  const { dateFormat } = principal.account;
  for (const alert of alerts) {
    const shaped = alertForUser(principal, alert);
    const heading = alert.banType === 'watch' ? 'Watched subject' : 'Banned subject';
    const text = [
      `${alert.subjectName} was named on incident #${incident.number} by ${principal.name}.`,
      '',
      subjectAlertMessage(alert.banType, alert.locationName, shaped.until),
      '',
      `Incident number: ${incident.number}`,
      `Location: ${locationPath}`,
      `Date occurred: ${formatOccurred(incident.occurredDate, incident.occurredDateUncertain, dateFormat, 0)} (UTC)`,
      '',
      'View the incident: ',
    ].join('\n');
    for (const to of recipients) {
      await enqueueJob(tx, principal.accountId, 'appLinkMail', {
        to,
        subject: `${heading} at ${locationName}: ${alert.subjectName}`,
        text,
        linkPath: incidentLinkPath(incident.id),
      });
    }
  }
}

/** A new alert in the audit trail (SUBJECT ALERT, on the ban): who named the subject on which incident. */
async function auditAlert(tx: Tx, principal: Principal, incident: IncidentSnapshot, alert: AlertTerms) {
  await writeAudit(tx, principal, {
    objectType: 'SUBJECT',
    transactionType: 'ALERT',
    objectName: `${alert.subjectName} on #${incident.number}`,
    objectId: alert.banId,
    objectData: {
      incidentId: incident.id,
      incidentNumber: incident.number,
      subjectKind: alert.subjectKind,
      subjectId: alert.subjectId,
      banType: alert.banType,
      locationName: alert.locationName,
    },
  });
}

/**
 * The "incident changed" subscriber: a creation or an edit stores the incident's alerts; each new
 * one is audited and emailed.
 */
export const alertOnIncidentChanged: IncidentChangedSubscriber = async (tx, { action, principal, incident }) => {
  if (action !== 'CREATE' && action !== 'EDIT') return;
  const fresh = await storeIncidentSubjectAlerts(tx, principal.accountId, incident);
  for (const alert of fresh) await auditAlert(tx, principal, incident, alert);
  await queueAlertEmails(tx, principal, incident, fresh);
};

interface AlertRow {
  ban_id: string;
  subject_kind: SubjectKind;
  subject_id: string;
  subject_name: string;
  ban_type: AlertTerms['banType'];
  location_name: string;
  end_date: string | null;
  reason: string;
}

/** GET /incidents/:id/subjectAlerts: the alerts stored at the incident's last save, for the viewer. */
export async function incidentSubjectAlerts(tx: Executor, principal: Principal, incidentId: string) {
  visibleOrNotFound(principal, await incidentRules(tx, incidentId));
  const rows = rowsOf<AlertRow>(
    await tx.execute(sql`select a.ban_id::text, a.subject_kind, a.subject_id::text, a.subject_name, a.ban_type,
        a.location_name, a.end_date::text as end_date, coalesce(b.reason, '') as reason
       from incident_subject_alerts a left join subject_bans b on b.id = a.ban_id
      where a.account_id = ${principal.accountId} and a.incident_id = ${incidentId}
      order by case a.ban_type when 'ban' then 0 when 'trespass' then 1 else 2 end, a.subject_name, a.ban_id`),
  );
  return {
    items: rows.map((row) =>
      alertForUser(principal, {
        banId: row.ban_id,
        subjectKind: row.subject_kind,
        subjectId: row.subject_id,
        subjectName: row.subject_name,
        banType: row.ban_type,
        locationName: row.location_name,
        endDate: row.end_date,
        reason: row.reason,
      }),
    ),
  };
}
