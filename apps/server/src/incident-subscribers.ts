import { notifyIncidentChanged } from './modules/incident-notifications/incident-notify';
import { onIncidentChanged } from './modules/incidents/changes/incident-changed';

/**
 * Who reacts to "an incident changed" (docs/architecture.md §2, the incident pipeline). One line per
 * subscriber; each runs inside the change's transaction and queues its work as jobs there. The
 * search projection is not here: the database refreshes it in the same transaction (triggers of
 * `db/sql/`), for every write, including those that are not incident changes (a lookup renamed).
 */
export function registerIncidentSubscribers(): void {
  onIncidentChanged('incident-notifications', notifyIncidentChanged);
}
