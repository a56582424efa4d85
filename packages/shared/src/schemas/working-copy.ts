import { z } from 'zod';
import { UUID_PATTERN } from './common';

/** The version of an incident: bumped by every change of it (edit, close, reopen, lock, attachments). */
export const incidentVersionSchema = z.number().int().min(1).max(2_147_483_647);

/** The last change of an incident after a working copy was made from it: who and when. */
export const incidentChangeSchema = z.object({
  version: z.number().int(),
  userName: z.string(),
  date: z.string(),
});
export type IncidentChange = z.output<typeof incidentChangeSchema>;

/**
 * What a working copy answer carries besides its data (spec 1 §4, concurrent edits). An open-draft
 * is stored only at its first change (`stored` false until then), remembers the incident's version
 * it was made from, and says when the incident has changed since (`changedSince`).
 */
export const workingCopyFields = {
  stored: z.boolean().default(true),
  baseVersion: z.number().int().nullable().default(null),
  changedSince: incidentChangeSchema.nullable().default(null),
};

/** PUT /draftIncidents of an open-draft not stored yet: the incident and the version it was made from. */
export const workingCopySaveFields = {
  incidentId: z.string().regex(UUID_PATTERN, 'Invalid id.').optional(),
  baseVersion: incidentVersionSchema.optional(),
};

/** PUT /incidents: the version the form was loaded from, when no stored working copy remembers it. */
export const incidentUpdateVersionFields = { baseVersion: incidentVersionSchema.optional() };
