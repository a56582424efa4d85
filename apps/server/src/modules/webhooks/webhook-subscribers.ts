import type { IncidentChangedSubscriber, IncidentDeletedSubscriber } from '../incidents/changes/incident-changed';
import { queueIncidentDeletedEvent, queueIncidentEvent } from './webhook-events';

/** The "incident changed" subscriber: queues the change's event for the endpoints subscribed to it. */
export const webhooksOnIncidentChanged: IncidentChangedSubscriber = (tx, { action, principal, incident }) =>
  queueIncidentEvent(tx, principal, action, incident);

/** The "incident deleted" subscriber: incident.deleted for the endpoints subscribed to it. */
export const webhooksOnIncidentDeleted: IncidentDeletedSubscriber = async (tx, { principal, incident }) => {
  await queueIncidentDeletedEvent(tx, principal, incident);
};
