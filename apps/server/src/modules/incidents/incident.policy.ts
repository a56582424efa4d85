import {
  actionApplies,
  canViewIncident,
  hasAnyPrivilege,
  hasPrivilege,
  INCIDENT_MESSAGES,
  type IncidentAction,
  type IncidentRuleTarget,
  incidentPermissions,
  VIEW_ALL_INCIDENT_PRIVILEGES,
  VIEW_OWN_INCIDENT_PRIVILEGES,
} from '@blotter/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { incidents } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../plugins/errors';

/**
 * Who may see and act on an incident: the one policy of the incident aggregate, built on the
 * shared rules of @blotter/shared/incident-rules that the viewer and the lists use too. Every
 * route that touches an incident (its parts, history, attachments, print, lifecycle, submit and
 * working copies) asks here, in this order:
 * 1. an incident the user may not see is 404, exactly like an id that does not exist (another
 *    company's, locked without INCIDENT_LOCK, or someone else's for the own-incident privileges);
 * 2. one they may see but whose action their privileges refuse is 403 with a clear message;
 * 3. one whose status refuses the action (editing a closed incident) is 400 with the spec's message.
 */

/** The answers of step 2 and 3 for each action. */
export const INCIDENT_REFUSALS: Record<IncidentAction, { forbidden: string; notApplicable: string }> = {
  edit: {
    forbidden: 'You do not have permission to edit this incident.',
    notApplicable: INCIDENT_MESSAGES.cannotEditClosed,
  },
  close: {
    forbidden: 'You may close only the incidents you entered.',
    notApplicable: 'Only an open incident can be closed.',
  },
  reopen: {
    forbidden: 'You do not have permission to reopen incidents.',
    notApplicable: 'Only a closed incident can be reopened.',
  },
  lock: {
    forbidden: 'You do not have permission to lock incidents.',
    notApplicable: 'Only a closed incident can be locked.',
  },
  unlock: {
    forbidden: 'You do not have permission to unlock incidents.',
    notApplicable: 'The incident is not locked.',
  },
  print: {
    forbidden: 'You do not have permission to print this incident.',
    notApplicable: 'Only an open or closed incident can be printed.',
  },
  history: {
    forbidden: 'You do not have permission to see the history of this incident.',
    notApplicable: 'Only an open or closed incident has a history.',
  },
  delete: {
    forbidden: 'You do not have permission to delete incidents.',
    notApplicable: 'This incident cannot be deleted.',
  },
};

/**
 * What the rules read of the incident aliased `i`, as JSON, so a reading query answers the rule
 * fields and its data in one value.
 */
export const incidentRuleJson = sql`json_build_object(
  'status', i.status, 'locked', i.locked,
  'createUserId', i.create_user_id, 'assignedUserId', i.assigned_user_id)`;

/**
 * canViewIncident as a condition on the incident aliased `i`, for lists that read many incidents
 * in one query (so hidden rows are never read, and the list can page in the database).
 */
export function visibleIncidentsSql(principal: Principal): SQL {
  const conditions: SQL[] = [];
  if (!hasPrivilege(principal, 'INCIDENT_LOCK')) conditions.push(sql`not i.locked`);
  if (!hasAnyPrivilege(principal, VIEW_ALL_INCIDENT_PRIVILEGES)) {
    if (!hasAnyPrivilege(principal, VIEW_OWN_INCIDENT_PRIVILEGES)) return sql`false`;
    conditions.push(sql`(i.create_user_id = ${principal.userId} or i.assigned_user_id = ${principal.userId})`);
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * The incident when the user may see it (canViewIncident); otherwise 404 `${what} not found.`, so a
 * hidden or locked incident cannot be told apart from another company's or a missing one.
 */
export function visibleOrNotFound<T extends IncidentRuleTarget>(
  principal: Principal,
  incident: T | null | undefined,
  what = 'Incident',
): T {
  if (!incident || !canViewIncident(principal, incident)) throw notFound(what);
  return incident;
}

/** The incident when the user may do `action` with it now; otherwise 404, 403 or 400 as above. */
export function authorizeIncident<T extends IncidentRuleTarget>(
  principal: Principal,
  incident: T | null | undefined,
  action: IncidentAction,
  what = 'Incident',
): T {
  const visible = visibleOrNotFound(principal, incident, what);
  if (!incidentPermissions(principal, visible)[action]) throw forbidden(INCIDENT_REFUSALS[action].forbidden);
  if (!actionApplies(action, visible)) throw badRequest(INCIDENT_REFUSALS[action].notApplicable);
  return visible;
}

/** The columns the rules read. */
const ruleColumns = {
  status: incidents.status,
  locked: incidents.locked,
  createUserId: incidents.createUserId,
  assignedUserId: incidents.assignedUserId,
};

/** The rule fields of an incident, or undefined when there is none of that id in the company. */
export async function incidentRules(tx: Executor, incidentId: string): Promise<IncidentRuleTarget | undefined> {
  const [incident] = await tx.select(ruleColumns).from(incidents).where(eq(incidents.id, incidentId)).limit(1);
  return incident;
}

/** The incident's own columns the services need besides the rule fields. */
export interface PolicyIncident extends IncidentRuleTarget {
  id: string;
  number: number;
  lastClassId: string | null;
}

/**
 * The incident the user is about to change with `action`, locked for the rest of the transaction so
 * two changes of the same incident run one after the other.
 */
export async function incidentForAction(
  tx: Tx,
  principal: Principal,
  incidentId: string,
  action: IncidentAction,
): Promise<PolicyIncident> {
  const [incident] = await tx
    .select({ id: incidents.id, number: incidents.number, lastClassId: incidents.lastClassId, ...ruleColumns })
    .from(incidents)
    .where(eq(incidents.id, incidentId))
    .for('update');
  return authorizeIncident(principal, incident, action);
}

/** The open incident the user is about to edit (submit of an open-draft, a new working copy). */
export const incidentForEdit = (tx: Tx, principal: Principal, incidentId: string) =>
  incidentForAction(tx, principal, incidentId, 'edit');

/**
 * A working copy of an incident (open-draft) carries the incident's data, so it is the user's only
 * while they may still see the incident (privileges change; an incident can be locked): otherwise
 * 404 `${what} not found.`, like another user's draft.
 */
export async function visibleWorkingCopy<T extends { incidentId: string | null }>(
  tx: Executor,
  principal: Principal,
  draft: T,
  what = 'Draft',
): Promise<T> {
  if (!draft.incidentId) return draft;
  visibleOrNotFound(principal, await incidentRules(tx, draft.incidentId), what);
  return draft;
}
