import { z } from 'zod';
import { INCIDENT_STATUS, LIMITS } from '../constants';
import { richTextLength } from '../rich-text';
import { isoDateTime, UUID_PATTERN } from './common';
import {
  attachmentRefSchema,
  correctiveActionSchema,
  itemSchema,
  legalEntitySchema,
  locationSchema,
  PART_MESSAGES,
  personSchema,
  REFERRED,
  vehicleSchema,
} from './incident-parts';
import { INCIDENT_MESSAGES } from './incidents';
import { incidentUpdateVersionFields, workingCopyFields, workingCopySaveFields } from './working-copy';

/** Allowed clock difference between browser and server when checking "not in the future". */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
/** A rich-text field's HTML may be longer than its text; this bounds the stored markup. */
const RICH_HTML_MAX = 100_000;

const refWith = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().regex(UUID_PATTERN, message).nullable());
const optionalRef = refWith(PART_MESSAGES.invalidId);
const optionalDate = z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDateTime.nullable());
const richText = (label: string) =>
  z
    .string()
    .max(RICH_HTML_MAX, `${label} is too long.`)
    .refine((html) => richTextLength(html) <= LIMITS.richTextMax, `${label} must be at most 10000 characters.`)
    .default('');

/**
 * Every field of the entry form (spec 1 §3 Incident), without the submit rules: this is also the
 * shape of a draft's data, which may be incomplete while the person is still typing.
 */
export const incidentFieldsSchema = z.object({
  assignedUserId: optionalRef.default(null),
  reportedDate: optionalDate.default(null),
  occurredDate: optionalDate.default(null),
  occurredDateUncertain: z.boolean().default(false),
  // Anything but a class id means no class was chosen.
  lastClassId: refWith(INCIDENT_MESSAGES.whatRequired).default(null),
  severityId: optionalRef.default(null),
  /** The chosen node of the root cause tree (lookup type incidentCause). */
  primaryCauseId: optionalRef.default(null),
  causeComments: richText('Cause comments'),
  summary: richText('Summary'),
  location: locationSchema.default(() => locationSchema.parse({})),
  persons: z.array(personSchema).max(200).default([]),
  companies: z.array(legalEntitySchema).max(200).default([]),
  vehicles: z.array(vehicleSchema).max(200).default([]),
  items: z.array(itemSchema).max(500).default([]),
  attachments: z.array(attachmentRefSchema).max(500).default([]),
  correctiveActions: z.array(correctiveActionSchema).max(200).default([]),
});
export type IncidentFields = z.output<typeof incidentFieldsSchema>;
export type IncidentFieldsInput = z.input<typeof incidentFieldsSchema>;

/** An empty form (a new draft's data). */
export const emptyIncidentFields = (): IncidentFields => incidentFieldsSchema.parse({});

type Issue = { path: (string | number)[]; message: string };

/** The submit rules of spec 1 §5, in the order the form shows its sections (the first is shown). */
export function incidentSubmitIssues(value: IncidentFields, now = Date.now()): Issue[] {
  const issues: Issue[] = [];
  const latest = now + FUTURE_TOLERANCE_MS;
  const reported = value.reportedDate ? Date.parse(value.reportedDate) : Number.NaN;
  const occurred = value.occurredDate ? Date.parse(value.occurredDate) : Number.NaN;
  if (!value.reportedDate) issues.push({ path: ['reportedDate'], message: INCIDENT_MESSAGES.reportedRequired });
  else if (reported > latest) issues.push({ path: ['reportedDate'], message: INCIDENT_MESSAGES.reportedInFuture });
  if (!value.occurredDate) issues.push({ path: ['occurredDate'], message: INCIDENT_MESSAGES.occurredRequired });
  else if (occurred > latest) issues.push({ path: ['occurredDate'], message: INCIDENT_MESSAGES.occurredInFuture });
  else if (!value.occurredDateUncertain && reported < occurred) {
    issues.push({ path: ['occurredDate'], message: INCIDENT_MESSAGES.occurredAfterReported });
  }
  if (!value.lastClassId) issues.push({ path: ['lastClassId'], message: INCIDENT_MESSAGES.whatRequired });

  const parties = new Set([...value.persons.map((p) => p.id), ...value.companies.map((c) => c.id)]);
  value.persons.forEach((person, i) => {
    if (!person.firstName.trim()) {
      issues.push({ path: ['persons', i, 'firstName'], message: PART_MESSAGES.personFirstNameRequired });
    }
  });
  value.companies.forEach((company, i) => {
    if (!company.name.trim()) {
      issues.push({ path: ['companies', i, 'name'], message: PART_MESSAGES.legalEntityNameRequired });
    }
  });
  value.vehicles.forEach((vehicle, i) => {
    if (vehicle.ownerPersonId && !parties.has(vehicle.ownerPersonId)) {
      issues.push({ path: ['vehicles', i, 'ownerPersonId'], message: 'The owner is not on this incident.' });
    }
  });
  value.items.forEach((item, i) => {
    if (item.ownerPersonId && !parties.has(item.ownerPersonId)) {
      issues.push({ path: ['items', i, 'ownerPersonId'], message: 'The owner is not on this incident.' });
    }
  });
  const itemIds = new Set(value.items.map((item) => item.id));
  const vehicleIds = new Set(value.vehicles.map((vehicle) => vehicle.id));
  value.attachments.forEach((attachment, i) => {
    if (attachment.incidentItemId && !itemIds.has(attachment.incidentItemId)) {
      issues.push({
        path: ['attachments', i, 'incidentItemId'],
        message: 'The item of this attachment is not on this incident.',
      });
    }
    if (attachment.incidentVehicleId && !vehicleIds.has(attachment.incidentVehicleId)) {
      issues.push({
        path: ['attachments', i, 'incidentVehicleId'],
        message: 'The vehicle of this attachment is not on this incident.',
      });
    }
  });
  value.correctiveActions.forEach((action, i) => {
    action.involvedPersonList.forEach((id, j) => {
      if (!parties.has(id))
        issues.push({
          path: ['correctiveActions', i, 'involvedPersonList', j],
          message: PART_MESSAGES.invalidPersonId,
        });
    });
    if (action.displayType === REFERRED && !action.referredContactFirstName.trim()) {
      issues.push({
        path: ['correctiveActions', i, 'referredContactFirstName'],
        message: PART_MESSAGES.contactFirstNameRequired,
      });
    }
  });
  return issues;
}

/** Field order of the form and of each card, by the keys of their schemas. */
const FIELD_ORDER: Record<string, readonly string[]> = {
  '': Object.keys(incidentFieldsSchema.shape),
  location: Object.keys(locationSchema.shape),
  persons: Object.keys(personSchema.shape),
  companies: Object.keys(legalEntitySchema.shape),
  vehicles: Object.keys(vehicleSchema.shape),
  items: Object.keys(itemSchema.shape),
  attachments: Object.keys(attachmentRefSchema.shape),
  correctiveActions: Object.keys(correctiveActionSchema.shape),
};
/** Position of a key in its order; keys outside the form (id, draftId) come first. */
const orderOf = (scope: string, key: PropertyKey | undefined) => (FIELD_ORDER[scope] ?? []).indexOf(String(key));

/** Section, card and field rank of an issue's path, e.g. ['persons', 2, 'email']. */
function issueRank(path: readonly PropertyKey[]): number[] {
  const [section, second, third] = path;
  const sectionRank = orderOf('', section);
  if (typeof second === 'number') return [sectionRank, second, orderOf(String(section), third)];
  return [sectionRank, 0, orderOf(String(section), second)];
}

/**
 * Puts the issues in the order the form shows its fields. Without it the format issues of the
 * fields (a too-long name on the fifth person) would come before the submit rules (a missing date
 * in the first section), and the first issue is the message the person sees.
 */
function inFormOrder(payload: { issues: { path?: PropertyKey[] | undefined }[] }) {
  const ranked = payload.issues.map((issue, i) => ({ issue, rank: issueRank(issue.path ?? []), i }));
  ranked.sort((a, b) => {
    for (let k = 0; k < a.rank.length; k++) {
      const diff = (a.rank[k] ?? 0) - (b.rank[k] ?? 0);
      if (diff !== 0) return diff;
    }
    return a.i - b.i;
  });
  payload.issues.splice(0, payload.issues.length, ...ranked.map((r) => r.issue));
}

/** What is submitted: the fields with every rule of spec 1 §5. */
export const incidentSubmitSchema = incidentFieldsSchema
  .superRefine((value, ctx) => {
    for (const issue of incidentSubmitIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .check(inFormOrder);
export type IncidentSubmit = z.output<typeof incidentSubmitSchema>;

/** POST /incidents: a new incident from the working draft (which is then removed). */
export const incidentCreateBody = incidentFieldsSchema
  .extend({ draftId: optionalRef.default(null) })
  .superRefine((value, ctx) => {
    for (const issue of incidentSubmitIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .check(inFormOrder);
/** PUT /incidents: an open incident saved from its open-draft (status 3). */
export const incidentUpdateBody = incidentFieldsSchema
  .extend({
    id: z.string().regex(UUID_PATTERN, PART_MESSAGES.invalidId),
    draftId: optionalRef.default(null),
    ...incidentUpdateVersionFields,
  })
  .superRefine((value, ctx) => {
    for (const issue of incidentSubmitIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .check(inFormOrder);

/** A working copy (spec 1 §4 Draft flow): a new draft (status 0) or an open incident being edited (3). */
export const draftSchema = z.object({
  id: z.string(),
  status: z.union([z.literal(INCIDENT_STATUS.DRAFT), z.literal(INCIDENT_STATUS.EDITING)]),
  incidentId: z.string().nullable(),
  number: z.number().int().nullable(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
  /** The name of the user who entered the incident (the draft's creator for a new one). */
  createUserName: z.string(),
  data: incidentFieldsSchema,
  /** Short-lived signed URLs of the person pictures in data, by storage key (spec: personPictureSasKey). */
  pictureUrls: z.record(z.string(), z.string()),
  ...workingCopyFields,
});
export type Draft = z.output<typeof draftSchema>;

/** POST /draftIncidents: a new draft, or (with incidentId) the open-draft of an open incident. */
export const draftCreateBody = z.object({ incidentId: optionalRef.default(null) });
/** PUT /draftIncidents: the whole draft with its id and data. */
export const draftSaveBody = z.object({
  id: z.string().regex(UUID_PATTERN, PART_MESSAGES.invalidId),
  data: incidentFieldsSchema,
  ...workingCopySaveFields,
});
export const draftSavedSchema = z.object({ id: z.string(), lastUpdateDate: z.string() });
