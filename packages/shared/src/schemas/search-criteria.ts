import { z } from 'zod';
import { INCIDENT_STATUS } from '../constants';
import { id, UUID_PATTERN } from './common';
import { isTimeZone } from './time-zone';

/** The texts of the search page (spec 2 §2, §5, §8), verbatim. */
export const INCIDENT_SEARCH_MESSAGES = {
  noCriteria: 'Please add a search criteria.',
  personRequired: 'Please enter person name or set "Has person" on.',
  legalEntityRequired: 'Please set "Has legal entity" on, enter name or set "Is owner" on.',
  classRequired: 'Please select Incident class',
  locationRequired: 'Please select Location',
  lastNDays: 'Please enter a number greater than 0.',
  lastNMonths: 'Please enter a number greater than or equalt to 0.',
  // Where the spec is silent, our own texts.
  incidentNumber: 'Please enter an incident number.',
  severityRequired: 'Please select Severity',
  vehicleRequired: 'Please enter vehicle details or set "Has vehicle" on.',
  itemRequired: 'Please enter item details or set "Has item" on.',
  attachmentRequired: 'Please enter attachment name or set "Has attachment" on.',
  addressRequired: 'Please enter an address, a city, a state or province or a country.',
  creatorRequired: 'Please enter a first or last name.',
  activeBanType: 'Choose any, ban, trespass notice or watch.',
  activeBanSubject: 'Choose any subject, person, legal entity or vehicle.',
  activeBanPrivilege: 'Searching by active bans needs the privilege to view subjects.',
  periodDates: 'Please enter the from and to dates.',
  periodOrder: 'The from date cannot be later than the to date.',
  workShiftTimes: 'Please enter the from and to times.',
  invalidDate: 'Invalid date',
  invalidTime: 'Invalid time',
  invalidTimezone: 'Invalid time zone',
  controlCharacters: 'Search texts cannot contain control characters.',
} as const;

export const SEARCH_HINTS = {
  AND: 'Search results will contain ALL of the search criteria connected by AND.',
  OR: 'Search results will contain one of the criteria connected by OR.',
} as const;

// The dashboard shows it too: it lives with the constants, so the dashboard does not load zod.
export { OWN_INCIDENTS_SEARCH_NOTE } from '../constants';

/** A total larger than this is answered as `totalCapped` (shown as '10,000+'), so counting never reads a million rows. */
export const SEARCH_TOTAL_CAP = 10_000;
/**
 * The quick total of criteria that search texts (issue 29): counted up to this and answered as
 * `totalCapped` beyond it ('1,000+'), the exact figure (up to SEARCH_TOTAL_CAP) only when asked for:
 * each text match costs a check of its row, so counting 10,000 of them took up to 200 ms.
 */
export const SEARCH_QUICK_TOTAL_CAP = 1_000;
/** Presets of spec 2 §9. */
export const LAST_N_DAYS_PRESETS = [30, 90, 180, 365] as const;
export const LAST_N_MONTHS_PRESETS = [0, 1, 2, 3, 12] as const;
/** What the Date Period Required dialog adds (spec 2 §4). */
export const DATE_PERIOD_REQUIRED_DAYS = 30;
/** The most values one criterion group holds; the most characters of a text criterion. */
export const SEARCH_LIMITS = { valuesPerGroup: 50, text: 100, auditTitle: 200 } as const;

export const LOGICAL_OPERATIONS = ['AND', 'OR'] as const;
export type LogicalOperation = (typeof LOGICAL_OPERATIONS)[number];

export const PARTY_RELATIONS = ['REPORTER', 'VICTIM', 'PERSON_OF_INTEREST', 'SUSPECT', 'WITNESS', 'SUBJECT'] as const;
export type PartyRelation = (typeof PARTY_RELATIONS)[number];
/** The relations the legal entity criterion offers on screen (spec 2 §3). */
export const LEGAL_ENTITY_RELATIONS = ['REPORTER', 'VICTIM', 'SUBJECT'] as const satisfies readonly PartyRelation[];

/** Date criterion types (spec 2 §3); `workShift` is a time-of-day range. */
export const DATE_PERIOD_TYPES = ['period', 'month', 'lastNDays', 'lastNMonths', 'dayOfWeek', 'workShift'] as const;
export type DatePeriodType = (typeof DATE_PERIOD_TYPES)[number];

/** The kinds of criteria, in the order of the search type choice (spec 2 §2). */
export const SEARCH_KINDS = [
  'incidentNumber',
  'dateReported',
  'dateOccurred',
  'class',
  'severity',
  'person',
  'company',
  'vehicle',
  'item',
  'attachment',
  'location',
  'address',
  'status',
  'creator',
  // Issue 31, after the spec's kinds: incidents naming a subject with an active ban.
  'activeBan',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const criterionId = z.string().min(1).max(64);
// Control characters cannot be typed, and two of them (U+001E, U+001F) separate the parts of the
// search document: a criterion made of them would match as a space does.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused are control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const text = z
  .string()
  .refine((value) => !CONTROL_CHARACTERS.test(value), INCIDENT_SEARCH_MESSAGES.controlCharacters)
  .trim()
  .max(SEARCH_LIMITS.text, `Search texts cannot be longer than ${SEARCH_LIMITS.text} characters.`);
const optionalText = text.default('');
const flag = z.boolean().default(false);
const filled = (...values: string[]) => values.some((value) => value.trim() !== '');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isoDateSchema = z
  .string()
  .regex(ISO_DATE, INCIDENT_SEARCH_MESSAGES.invalidDate)
  // A day that exists: Date.parse rolls 2023-02-30 over to 2 March, so the day must read back unchanged.
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) && value >= '0001-01-01';
  }, INCIDENT_SEARCH_MESSAGES.invalidDate);
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, INCIDENT_SEARCH_MESSAGES.invalidTime);

export { isTimeZone } from './time-zone';

/**
 * One date criterion. Dates and times are the user's calendar: they are read in `timezone` (an IANA
 * zone, the browser's) or, without it, in the request's x-timezone-offset. Months are 1–12, days of
 * the week 0 (Sunday) to 6. A work shift period is a time-of-day range; from after to wraps past midnight.
 */
export const dateCriterionSchema = z
  .object({
    id: criterionId,
    periodType: z.enum(DATE_PERIOD_TYPES, 'Invalid period type'),
    fromDate: isoDateSchema.optional(),
    toDate: isoDateSchema.optional(),
    fromTime: timeOfDay.optional(),
    toTime: timeOfDay.optional(),
    months: z.array(z.number().int().min(1).max(12)).max(12).default([]),
    dayOfWeeks: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    days: z
      .number({ error: INCIDENT_SEARCH_MESSAGES.lastNDays })
      .int(INCIDENT_SEARCH_MESSAGES.lastNDays)
      .min(1, INCIDENT_SEARCH_MESSAGES.lastNDays)
      .max(36_500, INCIDENT_SEARCH_MESSAGES.lastNDays)
      .optional(),
    lastNMonths: z
      .number({ error: INCIDENT_SEARCH_MESSAGES.lastNMonths })
      .int(INCIDENT_SEARCH_MESSAGES.lastNMonths)
      .min(0, INCIDENT_SEARCH_MESSAGES.lastNMonths)
      .max(1200, INCIDENT_SEARCH_MESSAGES.lastNMonths)
      .optional(),
    timezone: z.string().max(64).refine(isTimeZone, INCIDENT_SEARCH_MESSAGES.invalidTimezone).optional(),
  })
  .superRefine((value, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    switch (value.periodType) {
      case 'period':
        if (!value.fromDate || !value.toDate) return issue(INCIDENT_SEARCH_MESSAGES.periodDates);
        if (`${value.fromDate}T${value.fromTime ?? '00:00'}` > `${value.toDate}T${value.toTime ?? '23:59'}`) {
          issue(INCIDENT_SEARCH_MESSAGES.periodOrder);
        }
        return;
      case 'lastNDays':
        if (value.days === undefined) issue(INCIDENT_SEARCH_MESSAGES.lastNDays);
        return;
      case 'lastNMonths':
        if (value.lastNMonths === undefined) issue(INCIDENT_SEARCH_MESSAGES.lastNMonths);
        return;
      case 'workShift':
        if (!value.fromTime || !value.toTime) issue(INCIDENT_SEARCH_MESSAGES.workShiftTimes);
        return;
      default:
        return;
    }
  });
export type DateCriterion = z.output<typeof dateCriterionSchema>;
export type DateCriterionInput = z.input<typeof dateCriterionSchema>;

export const incidentNumberCriterionSchema = z.object({
  id: criterionId,
  number: z
    .number({ error: INCIDENT_SEARCH_MESSAGES.incidentNumber })
    .int(INCIDENT_SEARCH_MESSAGES.incidentNumber)
    .min(1, INCIDENT_SEARCH_MESSAGES.incidentNumber)
    .max(2_147_483_647, INCIDENT_SEARCH_MESSAGES.incidentNumber),
});

/** Class and location: the chosen tree node; the server adds its descendants when includeDescendant. */
const lookupRef = (message: string) => z.string({ error: message }).regex(UUID_PATTERN, message);
const lookupCriterion = (message: string) =>
  z.object({
    id: criterionId,
    lookupId: lookupRef(message),
    includeDescendant: z.boolean().default(true),
  });
export const classCriterionSchema = lookupCriterion(INCIDENT_SEARCH_MESSAGES.classRequired);
export const locationCriterionSchema = lookupCriterion(INCIDENT_SEARCH_MESSAGES.locationRequired);

export const severityCriterionSchema = z.object({
  id: criterionId,
  lookupId: lookupRef(INCIDENT_SEARCH_MESSAGES.severityRequired),
  lookupValue: z.string().max(200).optional(),
});

export const personCriterionSchema = z
  .object({
    id: criterionId,
    firstName: optionalText,
    middleName: optionalText,
    lastName: optionalText,
    hasPerson: flag,
    isEmployee: flag,
    relations: z.array(z.enum(PARTY_RELATIONS, 'Invalid relation')).max(PARTY_RELATIONS.length).default([]),
  })
  .refine((v) => v.hasPerson || filled(v.firstName, v.middleName, v.lastName), INCIDENT_SEARCH_MESSAGES.personRequired);

export const companyCriterionSchema = z
  .object({
    id: criterionId,
    name: optionalText,
    hasCompany: flag,
    isOwner: flag,
    relations: z.array(z.enum(PARTY_RELATIONS, 'Invalid relation')).max(PARTY_RELATIONS.length).default([]),
  })
  .refine((v) => v.hasCompany || v.isOwner || filled(v.name), INCIDENT_SEARCH_MESSAGES.legalEntityRequired);

export const vehicleCriterionSchema = z
  .object({
    id: criterionId,
    hasVehicle: flag,
    licensePlate: optionalText,
    stateProvince: optionalText,
    maker: optionalText,
    model: optionalText,
    color: optionalText,
  })
  .refine(
    (v) => v.hasVehicle || filled(v.licensePlate, v.stateProvince, v.maker, v.model, v.color),
    INCIDENT_SEARCH_MESSAGES.vehicleRequired,
  );

export const itemCriterionSchema = z
  .object({
    id: criterionId,
    hasItem: flag,
    name: optionalText,
    brand: optionalText,
    model: optionalText,
    color: optionalText,
    serialNumber: optionalText,
  })
  .refine(
    (v) => v.hasItem || filled(v.name, v.brand, v.model, v.color, v.serialNumber),
    INCIDENT_SEARCH_MESSAGES.itemRequired,
  );

export const attachmentCriterionSchema = z
  .object({ id: criterionId, hasAttachment: flag, name: optionalText })
  .refine((v) => v.hasAttachment || filled(v.name), INCIDENT_SEARCH_MESSAGES.attachmentRequired);

/** The incident's street address (spec 1 §3 Where). The form starts with the country CA (spec 2 §9); an empty one tests no country. */
export const addressCriterionSchema = z
  .object({
    id: criterionId,
    cityId: id('invalid cityId').nullable().default(null),
    cityName: optionalText,
    stateProvinceCode: z.string().trim().max(10).default(''),
    countryCode: z.string().trim().max(2).default(''),
    street: optionalText,
    address: optionalText,
    unit: optionalText,
  })
  .refine(
    (v) => v.cityId !== null || filled(v.cityName, v.stateProvinceCode, v.countryCode, v.street, v.address, v.unit),
    INCIDENT_SEARCH_MESSAGES.addressRequired,
  );

export const statusCriterionSchema = z.object({
  id: criterionId,
  status: z.union([z.literal(INCIDENT_STATUS.OPEN), z.literal(INCIDENT_STATUS.CLOSED)], {
    error: 'status must be 1 (Open) or 2 (Closed)',
  }),
});

export const creatorCriterionSchema = z
  .object({ id: criterionId, firstName: optionalText, lastName: optionalText })
  .refine((v) => filled(v.firstName, v.lastName), INCIDENT_SEARCH_MESSAGES.creatorRequired);

/** The ban types the active ban criterion offers: any, or one of BAN_TYPES (subjects.ts). */
export const ACTIVE_BAN_TYPES = ['any', 'ban', 'trespass', 'watch'] as const;
export type ActiveBanType = (typeof ACTIVE_BAN_TYPES)[number];
/** The subjects the active ban criterion offers: any, or one of SUBJECT_KINDS (subjects.ts). */
export const ACTIVE_BAN_SUBJECTS = ['any', 'person', 'legalEntity', 'vehicle'] as const;
export type ActiveBanSubject = (typeof ACTIVE_BAN_SUBJECTS)[number];

/**
 * Issue 31: the incidents naming a person, legal entity or vehicle of the register with a ban,
 * trespass notice or watch in force today (the company's day), of `banType` (any: every type) on a
 * subject of `subjectKind` (any: every kind). Needs SUBJECT_VIEW as well as a search privilege.
 */
export const activeBanCriterionSchema = z.object({
  id: criterionId,
  banType: z.enum(ACTIVE_BAN_TYPES, INCIDENT_SEARCH_MESSAGES.activeBanType).default('any'),
  subjectKind: z.enum(ACTIVE_BAN_SUBJECTS, INCIDENT_SEARCH_MESSAGES.activeBanSubject).default('any'),
});

/** A criterion group: its values joined by its logicalOperation (OR by default). */
const group = <Value extends z.ZodType>(value: Value) =>
  z.object({
    logicalOperation: z.enum(LOGICAL_OPERATIONS, 'logicalOperation must be AND or OR').default('OR'),
    values: z
      .array(value)
      .max(SEARCH_LIMITS.valuesPerGroup, `A criterion group holds at most ${SEARCH_LIMITS.valuesPerGroup} criteria.`),
  });

/** The criteria of spec 2 §3: one group per kind; groups are joined by AND. */
export const searchCriteriaSchema = z.object({
  incidentNumber: group(incidentNumberCriterionSchema).optional(),
  dateReported: group(dateCriterionSchema).optional(),
  dateOccurred: group(dateCriterionSchema).optional(),
  class: group(classCriterionSchema).optional(),
  severity: group(severityCriterionSchema).optional(),
  person: group(personCriterionSchema).optional(),
  company: group(companyCriterionSchema).optional(),
  vehicle: group(vehicleCriterionSchema).optional(),
  item: group(itemCriterionSchema).optional(),
  attachment: group(attachmentCriterionSchema).optional(),
  location: group(locationCriterionSchema).optional(),
  address: group(addressCriterionSchema).optional(),
  status: group(statusCriterionSchema).optional(),
  creator: group(creatorCriterionSchema).optional(),
  activeBan: group(activeBanCriterionSchema).optional(),
});
export type SearchCriteria = z.output<typeof searchCriteriaSchema>;
export type SearchCriteriaInput = z.input<typeof searchCriteriaSchema>;
export type CriterionOf<K extends SearchKind> = NonNullable<SearchCriteria[K]>['values'][number];

/** True when some group holds a criterion (an empty search is refused: 'Please add a search criteria.'). */
export function hasCriteria(criteria: SearchCriteriaInput): boolean {
  return SEARCH_KINDS.some((kind) => (criteria[kind]?.values.length ?? 0) > 0);
}

/** True when the search names an incident number or a date (else the Date Period Required dialog, spec 2 §4). */
export function hasDatePeriod(criteria: SearchCriteriaInput): boolean {
  return (['incidentNumber', 'dateReported', 'dateOccurred'] as const).some(
    (kind) => (criteria[kind]?.values.length ?? 0) > 0,
  );
}
