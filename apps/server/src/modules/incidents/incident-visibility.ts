import { canViewIncident, type IncidentRuleTarget } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';

/**
 * What the rules of @blotter/shared/incident-rules read of the incident aliased `i`, as JSON, so a
 * reading query answers the rule fields and its data in one value.
 */
export const incidentRuleJson = sql`json_build_object(
  'status', i.status, 'locked', i.locked,
  'createUserId', i.create_user_id, 'assignedUserId', i.assigned_user_id)`;

/**
 * The incident when the user may see it (canViewIncident); otherwise 404, exactly like an id that
 * does not exist, so a hidden or locked incident cannot be told apart from another company's.
 */
export function visibleOrNotFound<T extends IncidentRuleTarget>(
  principal: Principal,
  incident: T | null | undefined,
): T {
  if (!incident || !canViewIncident(principal, incident)) throw notFound('Incident');
  return incident;
}
