import type { HistoryEntry } from '@blotter/shared';
import type { Executor } from '../../../db/client';
import type { Principal } from '../../../plugins/auth';
import { notFound } from '../../../plugins/errors';
import { seesPrivateFields } from '../../parties/person-privacy';
import { authorizeIncident } from '../incident.policy';
import { type MaskedSnapshot, snapshotForViewer } from '../incident-privacy';
import { loadHistoryEntries, loadHistoryVersions } from './history.queries';

/** GET /incidents/{id}/history: the changes of an incident the user may see, newest first. */
export async function listHistory(tx: Executor, principal: Principal, incidentId: string): Promise<HistoryEntry[]> {
  const history = await loadHistoryEntries(tx, incidentId);
  authorizeIncident(principal, history?.incident, 'history');
  return history?.entries ?? [];
}

/** A history row of an incident the user may see; any other id is 404 'History entry not found.' */
async function versionsOf(tx: Executor, principal: Principal, historyId: string, withPrevious: boolean) {
  const versions = await loadHistoryVersions(tx, historyId, withPrevious);
  if (!versions) throw notFound('History entry');
  authorizeIncident(principal, versions.incident, 'history', 'History entry');
  return versions;
}

/** GET /incidents/historyItem/{id}: the incident as that row keeps it, private fields masked as in the viewer. */
export async function getHistoryItem(tx: Executor, principal: Principal, historyId: string): Promise<MaskedSnapshot> {
  const { current } = await versionsOf(tx, principal, historyId, false);
  return snapshotForViewer(current, seesPrivateFields(principal));
}

/** GET /incidents/historyItemForCompare/{id}: that row's version and the one before it (null for CREATE). */
export async function compareHistoryItem(tx: Executor, principal: Principal, historyId: string) {
  const { current, previous } = await versionsOf(tx, principal, historyId, true);
  const showPrivate = seesPrivateFields(principal);
  return {
    currentIncident: snapshotForViewer(current, showPrivate),
    previousIncident: previous ? snapshotForViewer(previous, showPrivate) : null,
  };
}
