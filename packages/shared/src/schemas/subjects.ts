import { z } from 'zod';
import { id, pageOf, pageQuery, UUID_PATTERN } from './common';
import { legalEntitySchema, personSchema } from './incident-parts';

/**
 * Subjects across incidents (issue 31): the register's persons and legal entities and the vehicles
 * (grouped by plate and province/state), their incidents, and the bans, trespass notices and
 * watches recorded on them. Shared by the server's routes and the web's pages.
 */

export const SUBJECT_KINDS = ['person', 'legalEntity', 'vehicle'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export const BAN_TYPES = ['ban', 'trespass', 'watch'] as const;
export type BanType = (typeof BAN_TYPES)[number];

/** What a ban is today, in the company's time zone. */
export const BAN_STATUSES = ['active', 'upcoming', 'expired', 'revoked'] as const;
export type BanStatus = (typeof BAN_STATUSES)[number];

export const SUBJECT_MESSAGES = {
  invalidKind: 'kind must be person, legalEntity or vehicle',
  invalidBanType: 'Type must be ban, trespass or watch.',
  invalidDate: 'Dates must be yyyy-mm-dd.',
  endBeforeStart: 'The end date must be on or after the start date.',
  reasonRequired: 'A reason is required.',
  reasonMax: 'Reason must be at most 1000 characters.',
  locationsMax: 'At most 100 locations.',
  invalidLocation: 'Invalid location id',
  searchMax: 'The search text must be at most 100 characters.',
  notFound: 'Subject not found.',
} as const;

const kind = z.enum(SUBJECT_KINDS, SUBJECT_MESSAGES.invalidKind);

/** A plate or province as the identity compares it: upper case, spaces and dashes removed. */
export const normalizePlatePart = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '');

/**
 * A vehicle's identity: 'PLATE|PROVINCE' normalised, or null without a plate. The database computes
 * the same value (incident_vehicles.vehicle_key); keep the two alike.
 */
export function normalizeVehicleKey(licensePlate: string, stateProvince: string): string | null {
  const plate = normalizePlatePart(licensePlate);
  return plate ? `${plate}|${normalizePlatePart(stateProvince)}` : null;
}

/** GET /subjects: a page of the company's subjects, by name (vehicles by plate). */
export const subjectListQuery = pageQuery.extend({
  q: z.string().trim().max(100, SUBJECT_MESSAGES.searchMax).default(''),
  kind: kind.optional(),
});
export type SubjectListQuery = z.infer<typeof subjectListQuery>;

/** :kind/:id of a subject's routes; a vehicle's id is derived from its normalised key. */
export const subjectParams = z.object({ kind, id: id() });
export type SubjectParams = z.infer<typeof subjectParams>;

export const latestIncidentSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** When it occurred (else was reported, else was entered), ISO. */
  date: z.string().nullable(),
});

/** One row of the subjects list. Counts and the latest incident are of the incidents the caller may see. */
export const subjectRowSchema = z.object({
  kind,
  id: z.string(),
  displayName: z.string(),
  /** Persons: the alias; vehicles: make, model and colour. */
  detail: z.string(),
  /** A signed link to the person's picture, if any. */
  photoUrl: z.string().nullable(),
  incidentCount: z.number().int(),
  latestIncident: latestIncidentSchema.nullable(),
  /** The strongest active ban, trespass notice or watch (the badge), else null. */
  activeBan: z.enum(BAN_TYPES).nullable(),
});
export type SubjectRow = z.output<typeof subjectRowSchema>;
export const subjectPageSchema = pageOf(subjectRowSchema);

export const vehicleIdentitySchema = z.object({
  licensePlate: z.string(),
  stateProvince: z.string(),
  maker: z.string(),
  model: z.string(),
  color: z.string(),
  vin: z.string(),
});

/**
 * GET /subjects/:kind/:id: the identity. A person's card has its private fields blanked and
 * privateHidden set for a user without PRIVACY_INFO_VIEW (each unmasked answer is audited).
 */
export const subjectDetailSchema = z.object({
  kind,
  id: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  aliases: z.array(z.string()),
  person: personSchema.nullable(),
  legalEntity: legalEntitySchema.nullable(),
  vehicle: vehicleIdentitySchema.nullable(),
  incidentCount: z.number().int(),
  activeBan: z.enum(BAN_TYPES).nullable(),
  lastSeenDate: z.string().nullable(),
});
export type SubjectDetail = z.output<typeof subjectDetailSchema>;

export const SUBJECT_RELATIONS = ['reporter', 'victim', 'personOfInterest', 'suspect', 'witness', 'subject'] as const;
export type SubjectRelation = (typeof SUBJECT_RELATIONS)[number];

/** One incident of a subject's timeline, with the subject's relation in it. */
export const subjectIncidentSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string().nullable(),
  status: z.number().int(),
  locked: z.boolean(),
  lastClassId: z.string().nullable(),
  lastLocationId: z.string().nullable(),
  /** Persons and legal entities: the relation boxes ticked on their card. */
  relations: z.array(z.enum(SUBJECT_RELATIONS)),
  /** Vehicles: the involvement lookup of the card. */
  involvementId: z.string().nullable(),
});
export type SubjectIncident = z.output<typeof subjectIncidentSchema>;
export const subjectIncidentPageSchema = pageOf(subjectIncidentSchema);

// A day the database can hold: zod's ISO date takes year 0000, which PostgreSQL refuses.
const isoDate = z.iso
  .date(SUBJECT_MESSAGES.invalidDate)
  .refine((value) => value >= '0001-01-01', SUBJECT_MESSAGES.invalidDate);

/** POST /subjects/:kind/:id/bans and PUT /subjects/bans/:id. */
export const banBody = z
  .object({
    banType: z.enum(BAN_TYPES, SUBJECT_MESSAGES.invalidBanType),
    reason: z.string().trim().min(1, SUBJECT_MESSAGES.reasonRequired).max(1000, SUBJECT_MESSAGES.reasonMax),
    /** Location lookups; each covers its descendants. Empty: every location of the company. */
    locationIds: z
      .array(z.string().regex(UUID_PATTERN, SUBJECT_MESSAGES.invalidLocation))
      .max(100, SUBJECT_MESSAGES.locationsMax)
      .default([]),
    startDate: isoDate,
    /** null: indefinite. */
    endDate: isoDate.nullable().default(null),
  })
  .refine((ban) => ban.endDate === null || ban.endDate >= ban.startDate, {
    message: SUBJECT_MESSAGES.endBeforeStart,
    path: ['endDate'],
  });
export type BanBody = z.output<typeof banBody>;
export type BanInput = z.input<typeof banBody>;

export const banSchema = z.object({
  id: z.string(),
  subjectKind: kind,
  subjectId: z.string(),
  banType: z.enum(BAN_TYPES),
  reason: z.string(),
  locationIds: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(BAN_STATUSES),
  issuedByName: z.string(),
  /** The signed notice: its file name and a short-lived link. */
  notice: z.object({ name: z.string(), url: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type Ban = z.output<typeof banSchema>;
export const banPageSchema = pageOf(banSchema);
