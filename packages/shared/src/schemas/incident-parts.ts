import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE } from '../constants';
import { UUID_PATTERN } from './common';

/**
 * The parts of an incident (spec 1 §3) and their field rules (spec 1 §5), shared by the entry form
 * and the server. Card ids are UUIDs made by the browser, so owners and involved persons can point
 * at cards before the incident is saved; the server keeps them.
 */

/** Messages the specification quotes, used verbatim. */
export const PART_MESSAGES = {
  personFirstNameRequired: "Person's first name is required",
  legalEntityNameRequired: "Legal entity's name is required",
  nameRequired: 'Name is required',
  attachmentNameMax: 'Name must be at most 100 characters.',
  attachmentCommentsMax: 'Description must be at most 500 characters.',
  fileRequired: 'A file is required',
  contactFirstNameRequired: "'Person's first name is required",
  invalidPersonId: 'invalid person id',
  invalidCityId: 'invalid cityId',
  invalidEmail: 'Enter a valid email address.',
  invalidId: 'Invalid id',
} as const;

/** "{label} must be at most {n} characters." for limits the specification does not word. */
const text = (label: string, max: number) =>
  z.string().max(max, `${label} must be at most ${max} characters.`).default('');
/** An optional reference: a UUID or null (empty strings from inputs mean none). */
const ref = (message: string = PART_MESSAGES.invalidId) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().regex(UUID_PATTERN, message).nullable());
/** A card's own id. */
const cardId = z.string().regex(UUID_PATTERN, PART_MESSAGES.invalidId);
const email = z.union([z.literal(''), z.email(PART_MESSAGES.invalidEmail).max(255)]).default('');
const flag = z.boolean().default(false);

export const locationSchema = z.object({
  address: text('Address', 100),
  unit: text('Unit', 20),
  street: text('Street', 50),
  postalCode: text('Postal code', 10),
  cityId: ref(PART_MESSAGES.invalidCityId).default(null),
  cityName: text('City', 100),
  stateName: text('State', 100),
  countryCode: z.string().max(2).default(DEFAULT_COUNTRY_CODE),
  countryName: text('Country', 100),
  /** The deepest chosen node of the location tree. */
  lastLocationId: ref().default(null),
});
export type Location = z.output<typeof locationSchema>;

/** Address fields shared by persons and legal entities. */
const addressFields = {
  unit: text('Unit', 20),
  address: text('Address', 100),
  street: text('Street', 50),
  cityId: ref(PART_MESSAGES.invalidCityId).default(null),
  cityName: text('City', 100),
  stateName: text('State', 100),
  countryCode: z.string().max(2).default(DEFAULT_COUNTRY_CODE),
  postalCode: text('Postal code', 10),
};

export const personSchema = z.object({
  id: cardId,
  /** Set when an existing person was chosen (the company's register of persons). */
  personId: ref().default(null),
  isEmployee: flag,
  firstName: z.string().max(100, 'First name must be at most 100 characters.').default(''),
  middleName: text('Middle name', 100),
  lastName: text('Last name', 100),
  alias: text('Alias', 100),
  position: text('Position', 100),
  lookupPersonTypeId: ref().default(null),
  lookupDepartmentId: ref().default(null),
  lookupGenderTypeId: ref().default(null),
  /** yyyy-mm-dd, or empty. */
  dateOfBirth: z.union([z.literal(''), z.iso.date('Invalid date of birth')]).default(''),
  ...addressFields,
  phone: text('Phone', 20),
  mobilePhone: text('Mobile phone', 20),
  email,
  /** Storage key of the cropped picture (from POST /incidents/persons/picture/{id}). */
  personPicture: z.string().max(300).nullable().default(null),
  comments: text('Comments', 500),
  duplicationChecked: flag,
  statusInjury: flag,
  statusFirstAid: flag,
  statusHospitalized: flag,
  statusRefusedHelp: flag,
  relationReporter: flag,
  relationVictim: flag,
  relationPersonOfInterest: flag,
  relationSuspect: flag,
  relationWitness: flag,
  relationSubject: flag,
  charHeight: text('Height', 50),
  charWeight: text('Weight', 50),
  charHairColor: text('Hair colour', 100),
  charHairLength: text('Hair length', 100),
  charHairType: text('Hair type', 100),
  charFacialHair: text('Facial hair', 100),
  charEyeGlasses: text('Eye glasses', 100),
  charOther: text('Distinguishing features', 500),
  /** Answers only: the private fields were withheld (no PRIVACY_INFO_VIEW). Never stored; ignored on input. */
  privateHidden: z.boolean().optional(),
});
export type Person = z.output<typeof personSchema>;
export type PersonInput = z.input<typeof personSchema>;

export const legalEntitySchema = z.object({
  id: cardId,
  personId: ref().default(null),
  name: z.string().max(100, 'Name must be at most 100 characters.').default(''),
  ...addressFields,
  contact: text('Contact', 100),
  phone: text('Phone', 20),
  mobilePhone: text('Mobile phone', 20),
  email,
  comments: text('Comments', 500),
  isOwner: flag,
  duplicationChecked: flag,
  relationReporter: flag,
  relationVictim: flag,
  relationSubject: flag,
});
export type LegalEntity = z.output<typeof legalEntitySchema>;
export type LegalEntityInput = z.input<typeof legalEntitySchema>;

export const vehicleSchema = z.object({
  id: cardId,
  /** A person or legal entity card of the same incident. */
  ownerPersonId: ref().default(null),
  licensePlate: text('License plate', 20),
  stateProvince: text('State / Province', 50),
  maker: text('Make', 45),
  model: text('Model', 45),
  color: text('Colour', 45),
  vin: text('VIN', 30),
  involvementId: ref().default(null),
  comments: text('Comments', 500),
});
export type Vehicle = z.output<typeof vehicleSchema>;

export const ITEM_STATUSES = ['lost', 'damaged', 'stolen', 'found'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const itemSchema = z.object({
  id: cardId,
  ownerPersonId: ref().default(null),
  name: text('Name', 100),
  status: z.union([z.literal(''), z.enum(ITEM_STATUSES, 'Status must be lost, damaged, stolen or found.')]).default(''),
  company: text('Company', 50),
  brand: text('Brand', 50),
  model: text('Model', 50),
  color: text('Colour', 50),
  serialNumber: text('Serial number', 50),
  /** In cents (the form shows dollars with a $ prefix and converts before sending). */
  value: z.number().int('Value must be a whole number of cents.').min(0).max(100_000_000_000).nullable().default(null),
  comments: text('Comments', 500),
});
export type Item = z.output<typeof itemSchema>;

export const ATTACHMENT_TYPES = ['IMAGE', 'AUDIO', 'MOVIE', 'PDF', 'DOC', 'XLS', 'TXT', 'ETC'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** What an incident or draft lists of an attachment; the file itself is uploaded separately. */
export const attachmentRefSchema = z.object({
  id: cardId,
  name: z.string().trim().min(1, PART_MESSAGES.nameRequired).max(100, PART_MESSAGES.attachmentNameMax),
  comments: z.string().max(500, PART_MESSAGES.attachmentCommentsMax).default(''),
  /** The vehicle or item card it belongs to, if any. */
  incidentItemId: ref().default(null),
  incidentVehicleId: ref().default(null),
});
export type AttachmentRef = z.output<typeof attachmentRefSchema>;

/** An attachment as the server answers it. */
export const attachmentSchema = z.object({
  id: z.string(),
  incidentId: z.string().nullable(),
  draftId: z.string().nullable(),
  incidentItemId: z.string().nullable(),
  incidentVehicleId: z.string().nullable(),
  name: z.string(),
  comments: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  attachmentType: z.enum(ATTACHMENT_TYPES),
  /** Short-lived signed URL of the file. */
  sasKey: z.string(),
  thumbnailSasKey: z.string().nullable(),
  /** Set once the attachment belongs to a saved incident (then deleting it needs DELETE_ATTACHMENT). */
  creationDate: z.string().nullable(),
});
export type Attachment = z.output<typeof attachmentSchema>;

/** Fields of POST /incidents/attachments besides the file (multipart form fields). */
export const attachmentUploadFields = z.object({
  /** The draft (working copy) or incident the attachment is added to. */
  incidentId: z.string().regex(UUID_PATTERN, PART_MESSAGES.invalidId),
  incidentItemId: ref().default(null),
  incidentVehicleId: ref().default(null),
  name: z.string().trim().min(1, PART_MESSAGES.nameRequired).max(100, PART_MESSAGES.attachmentNameMax),
  comments: z.string().max(500, PART_MESSAGES.attachmentCommentsMax).default(''),
});
export const attachmentEditSchema = z.object({
  id: z.string().regex(UUID_PATTERN, PART_MESSAGES.invalidId),
  name: z.string().trim().min(1, PART_MESSAGES.nameRequired).max(100, PART_MESSAGES.attachmentNameMax),
  comments: z.string().max(500, PART_MESSAGES.attachmentCommentsMax).default(''),
});
export const pictureUploadAnswer = z.object({ fileName: z.string(), sasKey: z.string() });

export const REFERRED = 'REFERRED';
export const REFERRED_TYPES = ['INTERNAL', 'EXTERNAL'] as const;
export const CORRECTIVE_ACTION_TYPES = ['CREATE', 'EDIT', 'CLOSE'] as const;

export const correctiveActionSchema = z.object({
  id: cardId,
  typeId: ref().default(null),
  /** REFERRED when the chosen type refers the matter on (from the type's lookup code). */
  displayType: z.string().max(20, 'Display type must be at most 20 characters.').default(''),
  involvedPersonList: z.array(z.string().regex(UUID_PATTERN, PART_MESSAGES.invalidPersonId)).max(200).default([]),
  actionType: z.enum(CORRECTIVE_ACTION_TYPES).default('CREATE'),
  /** Rich text (HTML), sanitised by the server. */
  details: z.string().max(100_000).default(''),
  referredType: z.union([z.literal(''), z.enum(REFERRED_TYPES)]).default(''),
  referredInternalDepartmentId: ref().default(null),
  referredExternalAgencyId: ref().default(null),
  referredContactFirstName: z.string().max(100, 'First name must be at most 100 characters.').default(''),
  referredContactMiddleName: text('Middle name', 100),
  referredContactLastName: text('Last name', 100),
  referredContactAlias: text('Alias', 100),
  referredContactPosition: text('Position', 100),
  referredContactEmail: email,
  referredContactPhone: text('Phone', 20),
  referredContactMobilePhone: text('Mobile phone', 20),
});
export type CorrectiveAction = z.output<typeof correctiveActionSchema>;

/** The close block of a closed incident (issue: lifecycle). */
export const closeBlockSchema = z.object({
  closedBy: z.enum(['USER', 'OTHER']),
  /** The user who closed it ('By user'); null and empty when closed 'By other'. */
  closeUserId: z.string().nullable(),
  closeUserName: z.string(),
  closeUserFirstName: z.string(),
  closeUserLastName: z.string(),
  /** The person named in 'By other' (empty when closed 'By user'). */
  closeFirstName: z.string(),
  closeMiddleName: z.string(),
  closeLastName: z.string(),
  closeAlias: z.string(),
  closePosition: z.string(),
  closeDepartment: z.string(),
  closeEmail: z.string(),
  closePhone: z.string(),
  closeMobilePhone: z.string(),
  closeComments: z.string(),
  closeCommentsText: z.string(),
  closeDate: z.string(),
});
export type CloseBlock = z.output<typeof closeBlockSchema>;
