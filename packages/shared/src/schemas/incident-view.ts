import { z } from 'zod';
import { UUID_PATTERN } from './common';
import { incidentFieldsSchema } from './incident-form';
import { incidentHeaderSchema } from './incident-header';
import {
  attachmentSchema,
  closeBlockSchema,
  correctiveActionSchema,
  itemSchema,
  legalEntitySchema,
  locationSchema,
  personSchema,
  vehicleSchema,
} from './incident-parts';

/**
 * What the incident viewer, history and printing read (spec 1 §2 Incident viewer, History; §7).
 * Answers of GET /incidents/{id} and its parts.
 */

const actionsSchema = z.object({
  edit: z.boolean(),
  close: z.boolean(),
  reopen: z.boolean(),
  lock: z.boolean(),
  print: z.boolean(),
  history: z.boolean(),
  delete: z.boolean(),
  viewPrivate: z.boolean(),
});

/** GET /incidents/{id}: the incident without its parts, with what the user may do with it. */
export const incidentDetailSchema = incidentHeaderSchema.extend({
  primaryCauseId: z.string().nullable(),
  causeComments: z.string(),
  summary: z.string(),
  summaryText: z.string(),
  location: locationSchema,
  close: closeBlockSchema.nullable(),
  counts: z.object({
    persons: z.number().int(),
    companies: z.number().int(),
    vehicles: z.number().int(),
    items: z.number().int(),
    attachments: z.number().int(),
    correctiveActions: z.number().int(),
  }),
  actions: actionsSchema,
});
export type IncidentDetail = z.output<typeof incidentDetailSchema>;

/**
 * A person of a saved incident. Without PRIVACY_INFO_VIEW the private fields (PRIVATE_PERSON_FIELDS)
 * are not sent at all (null) and privateHidden is true.
 */
export const personViewSchema = personSchema.extend({
  dateOfBirth: z.string().nullable(),
  lookupGenderTypeId: z.string().nullable(),
  unit: z.string().nullable(),
  address: z.string().nullable(),
  street: z.string().nullable(),
  cityId: z.string().nullable(),
  cityName: z.string().nullable(),
  stateName: z.string().nullable(),
  countryCode: z.string().nullable(),
  postalCode: z.string().nullable(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  personPictureSasKey: z.string().nullable(),
  privateHidden: z.boolean(),
});
export type PersonView = z.output<typeof personViewSchema>;

export const companyViewSchema = legalEntitySchema;
export type CompanyView = z.output<typeof companyViewSchema>;

/** A vehicle or item with its owner's name ('Unknown' when the owner has none) and its own files. */
export const vehicleViewSchema = vehicleSchema.extend({
  ownerName: z.string().nullable(),
  attachments: z.array(attachmentSchema),
});
export type VehicleView = z.output<typeof vehicleViewSchema>;
export const itemViewSchema = itemSchema.extend({
  ownerName: z.string().nullable(),
  attachments: z.array(attachmentSchema),
});
export type ItemView = z.output<typeof itemViewSchema>;
export const correctiveActionViewSchema = correctiveActionSchema;

/**
 * GET /incidents/{id}/parts: every part the viewer shows, in one answer (each as its own
 * GET /incidents/{id}/persons, /companies, … call answers it).
 */
export const incidentPartsSchema = z.object({
  persons: z.array(personViewSchema),
  companies: z.array(companyViewSchema),
  vehicles: z.array(vehicleViewSchema),
  items: z.array(itemViewSchema),
  attachments: z.array(attachmentSchema),
  correctiveActions: z.array(correctiveActionViewSchema),
});
export type IncidentPartsView = z.output<typeof incidentPartsSchema>;

/** GET /incidents/{id}/history: one row per change (spec 1 §3 History entry). */
export const historyEntrySchema = z.object({
  id: z.string(),
  updateDate: z.string(),
  /** CREATE, IMPORT, EDIT, CLOSE, REOPEN, LOCK, UNLOCK, ADD_ATTACHMENT, EDIT_ATTACHMENT, DELETE_ATTACHMENT. */
  actionType: z.string(),
  updateUserName: z.string(),
  /**
   * On the CREATE entry of an incident recorded offline on a phone (issue 30): when the phone saved
   * it; updateDate is then when the server received it. Null otherwise.
   */
  recordedOfflineAt: z.string().nullable(),
  /** On the IMPORT entry of an imported incident (issue 32): the name of the file it came from. */
  importedFrom: z.string().nullable().optional(),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/** The incident as a history row keeps it (private person fields blanked for users without PRIVACY_INFO_VIEW). */
export const incidentSnapshotSchema = incidentFieldsSchema.extend(incidentHeaderSchema.shape).extend({
  close: closeBlockSchema.nullable(),
  persons: z.array(personSchema.extend({ privateHidden: z.boolean().default(false) })),
});
export type IncidentSnapshotView = z.output<typeof incidentSnapshotSchema>;

/** GET /incidents/historyItemForCompare/{id}: the version of that row and the one before it. */
export const historyCompareSchema = z.object({
  currentIncident: incidentSnapshotSchema,
  previousIncident: incidentSnapshotSchema.nullable(),
});
export type HistoryCompare = z.output<typeof historyCompareSchema>;

export const CLOSE_MESSAGES = {
  firstNameRequired: 'First name is required',
  commentsMax: 'Comments must be at most 500 characters.',
  lockFailed: 'Failed to lock incident.',
  unlockFailed: 'Failed to unlock incident.',
  historyFailed: 'Failed to load history.',
  closeWarning: 'Closed incidents cannot be edited. Are you sure you want to close this incident?',
} as const;

const closeText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).default('');

/** The 'By other' fields of the close dialog, all empty: closed by the user, or nothing typed yet. */
export const NO_CLOSE_PERSON = {
  closeFirstName: '',
  closeMiddleName: '',
  closeLastName: '',
  closeAlias: '',
  closePosition: '',
  closeDepartment: '',
  closeEmail: '',
  closePhone: '',
  closeMobilePhone: '',
} as const;

/** POST /incidents/close/{id} (spec 1 §2 Close dialog). */
export const closeIncidentBody = z
  .object({
    closedBy: z.enum(['USER', 'OTHER']),
    closeFirstName: closeText('First name', 100),
    closeMiddleName: closeText('Middle initial', 100),
    closeLastName: closeText('Last name', 100),
    closeAlias: closeText('Alias', 100),
    closePosition: closeText('Position', 100),
    closeDepartment: closeText('Department', 100),
    closeEmail: z.union([z.literal(''), z.email('Enter a valid email address.').max(255)]).default(''),
    closePhone: closeText('Phone', 20),
    closeMobilePhone: closeText('Mobile phone', 20),
    closeComments: z.string().max(500, CLOSE_MESSAGES.commentsMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.closedBy === 'OTHER' && !value.closeFirstName) {
      ctx.addIssue({ code: 'custom', path: ['closeFirstName'], message: CLOSE_MESSAGES.firstNameRequired });
    }
  });
export type CloseIncidentBody = z.output<typeof closeIncidentBody>;

/** POST /incidents/audits/read: the incident opened in the viewer. */
export const readAuditBody = z.object({
  id: z.string().regex(UUID_PATTERN, 'Invalid id'),
  number: z.number().int(),
});
