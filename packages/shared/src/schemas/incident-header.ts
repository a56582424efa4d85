import { z } from 'zod';

/**
 * The incident's header (spec 1 §3 Incident): its identity, state, people and the when and what of
 * the form. The one definition every shape of an incident builds on: the list row
 * (`incidentRowSchema`), the viewer's GET /incidents/{id} (`incidentDetailSchema`) and the version a
 * history row keeps (`incidentSnapshotSchema`), and so the server's and the web's types of them.
 */
export const incidentHeaderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.number().int(),
  locked: z.boolean(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
  createUserId: z.string(),
  createUserName: z.string(),
  assignedUserId: z.string().nullable(),
  assignedUserName: z.string().nullable(),
  reportedDate: z.string().nullable(),
  occurredDate: z.string().nullable(),
  occurredDateUncertain: z.boolean(),
  lastClassId: z.string().nullable(),
  severityId: z.string().nullable(),
});
export type IncidentHeader = z.output<typeof incidentHeaderSchema>;
