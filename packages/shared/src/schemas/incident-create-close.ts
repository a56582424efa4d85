import { z } from 'zod';
import { incidentCreateBody } from './incident-form';
import { closeIncidentBody } from './incident-view';

/**
 * POST /incidents: the new incident, and optionally the Close dialog's answer. With `close` the
 * incident is submitted and closed in one transaction (spec 1 §2: Close incident on the new form).
 */
export const incidentCreateRequest = incidentCreateBody.and(z.object({ close: closeIncidentBody.optional() }));
export type IncidentCreateRequest = z.output<typeof incidentCreateRequest>;
