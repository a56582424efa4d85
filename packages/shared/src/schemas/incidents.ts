import { z } from 'zod';
import { id, isoDateTime } from './common';

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

/** Allowed clock difference between browser and server when checking "not in the future". */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

const requiredDate = (message: string) => z.string({ error: message }).min(1, message).pipe(isoDateTime);

/** The When and What of an incident, shared by the form and the server. */
export const incidentCoreSchema = z
  .object({
    reportedDate: requiredDate(INCIDENT_MESSAGES.reportedRequired),
    occurredDate: requiredDate(INCIDENT_MESSAGES.occurredRequired),
    occurredDateUncertain: z.boolean().default(false),
    lastClassId: z.string({ error: INCIDENT_MESSAGES.whatRequired }).pipe(id(INCIDENT_MESSAGES.whatRequired)),
    summary: z.string().max(10_000, 'Summary must be at most 10000 characters.').default(''),
  })
  .superRefine((value, ctx) => {
    const now = Date.now() + FUTURE_TOLERANCE_MS;
    const reported = Date.parse(value.reportedDate);
    const occurred = Date.parse(value.occurredDate);
    if (reported > now) {
      ctx.addIssue({ code: 'custom', path: ['reportedDate'], message: INCIDENT_MESSAGES.reportedInFuture });
    }
    if (occurred > now) {
      ctx.addIssue({ code: 'custom', path: ['occurredDate'], message: INCIDENT_MESSAGES.occurredInFuture });
    } else if (!value.occurredDateUncertain && occurred > reported) {
      ctx.addIssue({
        code: 'custom',
        path: ['occurredDate'],
        message: INCIDENT_MESSAGES.occurredAfterReported,
      });
    }
  });
export type IncidentCoreInput = z.input<typeof incidentCoreSchema>;
export type IncidentCore = z.output<typeof incidentCoreSchema>;

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
