import { z } from 'zod';

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
export const incidentRowSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.number().int(),
  locked: z.boolean(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
  reportedDate: z.string().nullable(),
  occurredDate: z.string().nullable(),
  occurredDateUncertain: z.boolean(),
  lastClassId: z.string().nullable(),
  severityId: z.string().nullable(),
  summaryText: z.string(),
  createUserId: z.string(),
  createUserName: z.string(),
  assignedUserId: z.string().nullable(),
  assignedUserName: z.string().nullable(),
  /** For the optional columns of the results list (spec 2 §3 Result columns). */
  lastLocationId: z.string().nullable(),
  personNames: z.array(z.string()),
  companyNames: z.array(z.string()),
  vehicleNames: z.array(z.string()),
  itemNames: z.array(z.string()),
  correctiveActionTypeIds: z.array(z.string()),
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

export const draftListQuery = z.object({
  status: z.coerce
    .number({ error: 'status must be 0 (draft) or 3 (editing)' })
    .int()
    .refine((s) => s === 0 || s === 3, 'status must be 0 (draft) or 3 (editing)')
    .optional(),
});
