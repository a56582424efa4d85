import { z } from 'zod';
import { isoDateTime, UUID_PATTERN } from './common';
import { BAN_TYPES, type BanType, SUBJECT_KINDS } from './subjects';

/**
 * Alerts of banned and watched subjects (issue 31 §5): the form asks, while a person, legal entity
 * or vehicle is added, whether an active ban, trespass notice or watch covers the incident's
 * location; a saved incident keeps its alerts (lists flag it, the viewer shows them, the chosen
 * recipients are emailed).
 */

export const SUBJECT_ALERT_MESSAGES = {
  invalidId: 'Invalid register id',
  tooMany: 'At most 200 persons, 200 legal entities and 200 vehicles.',
  plateMax: 'License plate must be at most 20 characters.',
  provinceMax: 'State / Province must be at most 50 characters.',
  invalidLocation: 'Invalid location id',
} as const;

const M = SUBJECT_ALERT_MESSAGES;
const registerId = z.string().regex(UUID_PATTERN, M.invalidId);

/** POST /subjects/alerts: what the form holds. */
export const subjectAlertCheckSchema = z.object({
  /** The deepest chosen node of the location tree; null: only bans on every location match. */
  locationId: z.string().regex(UUID_PATTERN, M.invalidLocation).nullable().default(null),
  /** The day that counts (the form's date occurred); null: today. */
  occurredDate: isoDateTime.nullable().default(null),
  /** Register ids of the form's person cards (personId). */
  personIds: z.array(registerId).max(200, M.tooMany).default([]),
  /** Register ids of the form's legal entity cards (personId). */
  companyIds: z.array(registerId).max(200, M.tooMany).default([]),
  vehicles: z
    .array(
      z.object({
        licensePlate: z.string().max(20, M.plateMax),
        stateProvince: z.string().max(50, M.provinceMax).default(''),
      }),
    )
    .max(200, M.tooMany)
    .default([]),
});
export type SubjectAlertCheck = z.input<typeof subjectAlertCheckSchema>;
export type SubjectAlertCheckBody = z.output<typeof subjectAlertCheckSchema>;

/** One alert, as the form and the viewer show it. Never a private person field. */
export const subjectAlertSchema = z.object({
  banId: z.string(),
  subjectKind: z.enum(SUBJECT_KINDS),
  subjectId: z.string(),
  subjectName: z.string(),
  banType: z.enum(BAN_TYPES),
  /** The ban's location covering the incident's ('' when the ban covers every location). */
  locationName: z.string(),
  /** The last day in the company's date format, or 'indefinitely'. */
  until: z.string(),
  /** 'Banned from North Mall until 12/03/2027'. */
  message: z.string(),
  /** The ban's reason: only for users with SUBJECT_VIEW, else null. */
  reason: z.string().nullable(),
});
export type SubjectAlert = z.output<typeof subjectAlertSchema>;
export const subjectAlertListSchema = z.object({ items: z.array(subjectAlertSchema) });
export type SubjectAlertList = z.output<typeof subjectAlertListSchema>;

const MESSAGE_START: Record<BanType, string> = {
  ban: 'Banned from',
  trespass: 'Trespass notice for',
  watch: 'On watch at',
};

/** 'Banned from North Mall until 12/03/2027', 'On watch at all locations indefinitely'. */
export function subjectAlertMessage(banType: BanType, locationName: string, until: string): string {
  const where = locationName || 'all locations';
  return until === 'indefinitely'
    ? `${MESSAGE_START[banType]} ${where} indefinitely`
    : `${MESSAGE_START[banType]} ${where} until ${until}`;
}

/** What a ban type is called in an alert. */
export const SUBJECT_ALERT_TYPE_LABELS: Record<BanType, string> = {
  ban: 'Ban',
  trespass: 'Trespass notice',
  watch: 'Watch',
};
