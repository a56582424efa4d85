import { canViewIncident } from '@blotter/shared';
import type { Executor } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { loadHistoryVersions } from '../incidents/history/history.queries';
import { snapshotForViewer } from '../incidents/incident-privacy';
import { seesPrivateFields } from '../parties/person-privacy';
import { findAuditEntry } from './audit-log.queries';

/**
 * The incident change an INCIDENT entry recorded, as the history compare shows it (the history's
 * own read and masking): null when the entry made no version, the incident is gone, or the user may
 * not see it (the audit log does not widen who sees an incident).
 */
async function incidentCompareOf(tx: Executor, principal: Principal, historyId: string | null) {
  if (!historyId) return null;
  const versions = await loadHistoryVersions(tx, historyId, true);
  if (!versions || !canViewIncident(principal, versions.incident)) return null;
  const showPrivate = seesPrivateFields(principal);
  return {
    currentIncident: snapshotForViewer(versions.current, showPrivate),
    previousIncident: versions.previous ? snapshotForViewer(versions.previous, showPrivate) : null,
  };
}

/** GET /audits/{id}: the company's entry with its detail data; any other id is 404. */
export async function getAuditDetail(tx: Executor, principal: Principal, id: string) {
  const entry = await findAuditEntry(tx, id);
  if (!entry) throw notFound('Audit entry');
  const incidentCompare =
    entry.objectType === 'INCIDENT' ? await incidentCompareOf(tx, principal, entry.objectHistoryId) : null;
  return { ...entry, incidentCompare };
}
