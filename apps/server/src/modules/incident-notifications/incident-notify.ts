import { formatDateTime, formatOccurred, htmlToText, lookupPathText } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { incidentNotificationClasses, incidentNotifications, lookups } from '../../db/schema/index';
import { enqueueJob } from '../../platform/jobs/index';
import type { Principal } from '../../plugins/auth';
import type { IncidentChangedSubscriber } from '../incidents/changes/incident-changed';
import type { IncidentSnapshot } from '../incidents/changes/record-incident-change';
import { loadAllLookups } from '../lookups/lookups.queries';
import { printAddress } from '../print/print-context';

/** The incident changes a rule can name, and how the email calls them. */
const EVENT_WORDS = { CREATE: 'Created', EDIT: 'Edited', CLOSE: 'Closed' } as const;
export type NotifiedEvent = keyof typeof EVENT_WORDS;

export const isNotifiedEvent = (action: string): action is NotifiedEvent => action in EVENT_WORDS;

/** The in-app path that opens an incident in the viewer. */
export const incidentLinkPath = (incidentId: string) => `/incident/${incidentId}`;

interface MatchedRule {
  id: string;
  name: string;
  recipientEmails: string[];
}

/**
 * The company's rules with a class row for this event on the incident's class or one above it
 * (a rule's class means its whole subtree), each once.
 */
async function matchingRules(tx: Tx, classId: string, event: NotifiedEvent): Promise<MatchedRule[]> {
  return jsonValue<MatchedRule[]>(
    tx,
    sql`with recursive chain(id, parent_id, depth) as (
        select id, parent_id, 1 from ${lookups} where id = ${classId} and type = 'incidentClass'
        union all
        select l.id, l.parent_id, c.depth + 1 from ${lookups} l join chain c on l.id = c.parent_id where c.depth < 10
      )
      select coalesce(json_agg(json_build_object('id', n.id, 'name', n.name, 'recipientEmails', n.recipient_emails)
        order by n.created_at, n.id), '[]') as value
      from ${incidentNotifications} n
      where exists (
        select 1 from ${incidentNotificationClasses} r
        where r.notification_id = n.id
          and r.class_lookup_id in (select id from chain)
          and ${event} = any(string_to_array(r.event_type_list, ',')))`,
  );
}

/**
 * The email's text up to the link: what happened and the incident's when, what and where, and the
 * summary as plain text. Never a person, legal entity, vehicle or item card: nothing private.
 * Times are written in UTC: the recipients' time zones are not known.
 */
async function emailText(tx: Tx, principal: Principal, incident: IncidentSnapshot, event: NotifiedEvent) {
  const all = await loadAllLookups(tx);
  const { dateFormat } = principal.account;
  const address = printAddress(incident.location);
  const summary = htmlToText(incident.summary).trim();
  const lines = [
    `Incident #${incident.number} was ${EVENT_WORDS[event].toLowerCase()} by ${principal.name}.`,
    '',
    `Incident number: ${incident.number}`,
    `Event: ${EVENT_WORDS[event]}`,
    `Class: ${lookupPathText(all.multiple.incidentClass, incident.lastClassId)}`,
    `Location: ${lookupPathText(all.multiple.location, incident.location.lastLocationId)}`,
    ...(address ? [`Address: ${address}`] : []),
    `Date occurred: ${formatOccurred(incident.occurredDate, incident.occurredDateUncertain, dateFormat, 0)} (UTC)`,
    `Date reported: ${formatDateTime(incident.reportedDate, dateFormat, 0)} (UTC)`,
    '',
    'Summary:',
    summary || '(none)',
    '',
    'View the incident: ',
  ];
  return lines.join('\n');
}

/**
 * Queues one email per recipient of every rule the change matches (spec 3 §7), in the change's own
 * transaction: a change that rolls back sends nothing. Each email is its own job, so a failing
 * address or relay never holds back or repeats the others.
 */
export async function queueIncidentNotifications(
  tx: Tx,
  principal: Principal,
  incident: IncidentSnapshot,
  event: NotifiedEvent,
) {
  if (!incident.lastClassId) return;
  const rules = await matchingRules(tx, incident.lastClassId, event);
  if (rules.length === 0) return;
  const text = await emailText(tx, principal, incident, event);
  for (const rule of rules) {
    for (const to of rule.recipientEmails) {
      await enqueueJob(tx, principal.accountId, 'appLinkMail', {
        to,
        subject: rule.name,
        text,
        linkPath: incidentLinkPath(incident.id),
      });
    }
  }
}

/** The "incident changed" subscriber: a creation, edit or close queues the emails of the rules it matches. */
export const notifyIncidentChanged: IncidentChangedSubscriber = async (tx, { action, principal, incident }) => {
  if (isNotifiedEvent(action)) await queueIncidentNotifications(tx, principal, incident, action);
};
