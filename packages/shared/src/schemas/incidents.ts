import { z } from 'zod';
import { INCIDENT_STATUS } from '../constants';
import { pageOf, pageQuery } from './common';
import { incidentHeaderSchema } from './incident-header';

export const INCIDENT_MESSAGES = {
  reportedRequired: "'When / Date reported' is required",
  occurredRequired: "'When / Date occurred' is required",
  whatRequired: "'What' is required",
  reportedInFuture: 'Date reported cannot be in the future.',
  occurredInFuture: 'Date occurred cannot be in the future.',
  occurredAfterReported: 'Date occurred cannot be later than date reported.',
  cannotEditClosed: 'Cannot edit closed incident',
  accountDisabled: 'Account is disabled.',
} as const;

export const incidentCreatedSchema = z.object({ id: z.string(), number: z.number().int() });

/** An incident as it appears in lists (dashboard cards, search results). */
export const incidentRowSchema = incidentHeaderSchema.extend({
  summaryText: z.string(),
  /** For the optional columns of the results list (spec 2 §3 Result columns). */
  lastLocationId: z.string().nullable(),
  personNames: z.array(z.string()),
  companyNames: z.array(z.string()),
  vehicleNames: z.array(z.string()),
  itemNames: z.array(z.string()),
  correctiveActionTypeIds: z.array(z.string()),
  /** A subject named on it had an active ban, trespass notice or watch covering its location when saved (issue 31 §5). */
  bannedSubject: z.boolean(),
});
export type IncidentRow = z.infer<typeof incidentRowSchema>;

/** Draft incident list row (spec 1 §3). */
export const draftRowSchema = z.object({
  id: z.string(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
  lastClassId: z.string().nullable(),
  number: z.number().int().nullable(),
  status: z.number().int(),
});
export type DraftRow = z.infer<typeof draftRowSchema>;

/** An optional `status` query parameter that must be one of `allowed`, else 400 with `message`. */
const statusFilter = (allowed: readonly number[], message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((s) => allowed.includes(s), message)
    .optional();

/** GET /draftIncidents: a page of the user's drafts, optionally of one status (0 draft, 3 editing). */
export const draftListQuery = pageQuery.extend({
  status: statusFilter([INCIDENT_STATUS.DRAFT, INCIDENT_STATUS.EDITING], 'status must be 0 (draft) or 3 (editing)'),
});
export type DraftListQuery = z.infer<typeof draftListQuery>;

export const draftPageSchema = pageOf(draftRowSchema);

/** GET /draftIncidents/counts: how many drafts (0) and incidents being edited (3) the user has. */
export const draftCountsSchema = z.object({ draft: z.number().int(), editing: z.number().int() });
export type DraftCounts = z.infer<typeof draftCountsSchema>;

/** GET /incidents/my: a page of the incidents the user entered or investigates, optionally of one status. */
export const myIncidentsQuery = pageQuery.extend({
  status: statusFilter([INCIDENT_STATUS.OPEN, INCIDENT_STATUS.CLOSED], 'status must be 1 (open) or 2 (closed)'),
});
export type MyIncidentsQuery = z.infer<typeof myIncidentsQuery>;

export const incidentPageSchema = pageOf(incidentRowSchema);

/** GET /incidents/my/counts: the dashboard cards' numbers of open and closed incidents. */
export const myIncidentCountsSchema = z.object({ open: z.number().int(), closed: z.number().int() });
export type MyIncidentCounts = z.infer<typeof myIncidentCountsSchema>;
