import { notifyIncidentChanged } from './modules/incident-notifications/incident-notify';
import { onIncidentChanged, onIncidentDeleted } from './modules/incidents/changes/incident-changed';
import { alertOnIncidentChanged } from './modules/subjects/incident-subject-alerts';
import { webhooksOnIncidentChanged, webhooksOnIncidentDeleted } from './modules/webhooks/webhook-subscribers';

/**
 * Who reacts to "an incident changed" (docs/architecture.md §2, the incident pipeline). One line per
 * subscriber; each runs inside the change's transaction and queues its work as jobs there. The
 * search projection is not here: the database's triggers (`db/sql/`) refresh it in the same
 * transaction for every write to the incident's tables, including those that publish no event.
 */
export function registerIncidentSubscribers(): void {
  onIncidentChanged('incident-notifications', notifyIncidentChanged);
  onIncidentChanged('subject-alerts', alertOnIncidentChanged);
  onIncidentChanged('webhooks', webhooksOnIncidentChanged);
  onIncidentDeleted('webhooks', webhooksOnIncidentDeleted);
}
