import { DEFAULT_COUNTRY_CODE, INCIDENT_STATUS } from '@blotter/shared/constants';
import {
  type ActiveBanSubject,
  type ActiveBanType,
  activeBanCriterionSchema,
  addressCriterionSchema,
  attachmentCriterionSchema,
  type CriterionOf,
  classCriterionSchema,
  companyCriterionSchema,
  creatorCriterionSchema,
  type DatePeriodType,
  dateCriterionSchema,
  INCIDENT_SEARCH_MESSAGES,
  incidentNumberCriterionSchema,
  itemCriterionSchema,
  LAST_N_DAYS_PRESETS,
  LAST_N_MONTHS_PRESETS,
  locationCriterionSchema,
  type PartyRelation,
  personCriterionSchema,
  type SearchKind,
  severityCriterionSchema,
  vehicleCriterionSchema,
} from '@blotter/shared/schemas/search';
import type { z } from 'zod';
import { defaultDateRange } from './date-values';

/**
 * What each search type's form holds while the person fills it in, and the criteria its Add makes:
 * checked with the shared schemas (the server's own rules), so the texts of spec 2 §5 show here.
 */

export interface DateDraft {
  periodType: DatePeriodType;
  fromDate: string;
  toDate: string;
  fromTime: string;
  toTime: string;
  months: number[];
  dayOfWeeks: number[];
  /** A preset ('30') or 'other' with the number typed in `daysOther`. */
  daysChoice: string;
  daysOther: string;
  /** A preset ('0' current month) or 'other' with the number typed in `monthsOther`. */
  monthsChoice: string;
  monthsOther: string;
}

export interface LookupDraft {
  lookupId: string;
  includeDescendant: boolean;
}

export interface PersonDraft {
  firstName: string;
  middleName: string;
  lastName: string;
  hasPerson: boolean;
  isEmployee: boolean;
  relations: PartyRelation[];
}

export interface CompanyDraft {
  name: string;
  hasCompany: boolean;
  isOwner: boolean;
  relations: PartyRelation[];
}

export interface VehicleDraft {
  hasVehicle: boolean;
  licensePlate: string;
  stateProvince: string;
  maker: string;
  model: string;
  color: string;
}

export interface ItemDraft {
  hasItem: boolean;
  name: string;
  brand: string;
  model: string;
  color: string;
  serialNumber: string;
}

export interface AttachmentDraft {
  hasAttachment: boolean;
  name: string;
}

export interface AddressDraft {
  cityId: string | null;
  cityName: string;
  stateProvinceCode: string;
  countryCode: string;
  street: string;
  address: string;
  unit: string;
}

export interface StatusDraft {
  open: boolean;
  closed: boolean;
}

export interface CreatorDraft {
  firstName: string;
  lastName: string;
}

export interface ActiveBanDraft {
  banType: ActiveBanType;
  subjectKind: ActiveBanSubject;
}

/** The form values of each search type. */
export interface CriterionDrafts {
  incidentNumber: { number: string };
  dateReported: DateDraft;
  dateOccurred: DateDraft;
  class: LookupDraft;
  severity: { lookupId: string };
  person: PersonDraft;
  company: CompanyDraft;
  vehicle: VehicleDraft;
  item: ItemDraft;
  attachment: AttachmentDraft;
  location: LookupDraft;
  address: AddressDraft;
  status: StatusDraft;
  creator: CreatorDraft;
  activeBan: ActiveBanDraft;
}

function emptyDateDraft(now: Date): DateDraft {
  return {
    periodType: 'period',
    ...defaultDateRange(now),
    fromTime: '00:00',
    toTime: '23:59',
    months: [],
    dayOfWeeks: [],
    daysChoice: String(LAST_N_DAYS_PRESETS[0]),
    daysOther: '',
    monthsChoice: String(LAST_N_MONTHS_PRESETS[0]),
    monthsOther: '',
  };
}

/** A fresh form of each type: dates yesterday to today, descendants included, country CA (spec 2 §9). */
export function emptyDrafts(now = new Date()): CriterionDrafts {
  return {
    incidentNumber: { number: '' },
    dateReported: emptyDateDraft(now),
    dateOccurred: emptyDateDraft(now),
    class: { lookupId: '', includeDescendant: true },
    severity: { lookupId: '' },
    person: { firstName: '', middleName: '', lastName: '', hasPerson: false, isEmployee: false, relations: [] },
    company: { name: '', hasCompany: false, isOwner: false, relations: [] },
    vehicle: { hasVehicle: false, licensePlate: '', stateProvince: '', maker: '', model: '', color: '' },
    item: { hasItem: false, name: '', brand: '', model: '', color: '', serialNumber: '' },
    attachment: { hasAttachment: false, name: '' },
    location: { lookupId: '', includeDescendant: true },
    address: {
      cityId: null,
      cityName: '',
      stateProvinceCode: '',
      countryCode: DEFAULT_COUNTRY_CODE,
      street: '',
      address: '',
      unit: '',
    },
    status: { open: false, closed: false },
    creator: { firstName: '', lastName: '' },
    activeBan: { banType: 'any', subjectKind: 'any' },
  };
}

/** What Add makes of a form: the criteria to add (none when nothing is ticked), or the message to show. */
export type BuildResult<K extends SearchKind> = { criteria: CriterionOf<K>[] } | { error: string };

/** What building needs besides the form: new ids, the severity names and the browser's time zone. */
export interface BuildContext {
  newId: () => string;
  severityName: (id: string) => string | undefined;
  timezone: string | undefined;
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): { criteria: z.output<S>[] } | { error: string } {
  const result = schema.safeParse(value);
  if (result.success) return { criteria: [result.data] };
  return { error: result.error.issues[0]?.message ?? 'Invalid criterion' };
}

const POSITIVE = /^[1-9]\d*$/;
const NON_NEGATIVE = /^\d+$/;

/** The number of a text field, NaN unless it matches `pattern` (so '1e3' or '0x10' are refused). */
const numberOf = (text: string, pattern: RegExp) => (pattern.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function dateCriterion(draft: DateDraft, context: BuildContext): BuildResult<'dateOccurred'> {
  const base = { id: context.newId(), periodType: draft.periodType, timezone: context.timezone };
  switch (draft.periodType) {
    case 'period':
      return parsed(dateCriterionSchema, {
        ...base,
        fromDate: draft.fromDate || undefined,
        toDate: draft.toDate || undefined,
        fromTime: draft.fromTime || undefined,
        toTime: draft.toTime || undefined,
      });
    case 'month':
      // Spec 2 §5: a month criterion with nothing ticked adds nothing.
      if (draft.months.length === 0) return { criteria: [] };
      return parsed(dateCriterionSchema, { ...base, months: [...draft.months].sort((a, b) => a - b) });
    case 'dayOfWeek':
      if (draft.dayOfWeeks.length === 0) return { criteria: [] };
      return parsed(dateCriterionSchema, { ...base, dayOfWeeks: [...draft.dayOfWeeks].sort((a, b) => a - b) });
    case 'lastNDays': {
      const days = numberOf(draft.daysChoice === 'other' ? draft.daysOther : draft.daysChoice, POSITIVE);
      if (Number.isNaN(days)) return { error: INCIDENT_SEARCH_MESSAGES.lastNDays };
      return parsed(dateCriterionSchema, { ...base, days });
    }
    case 'lastNMonths': {
      const months = numberOf(draft.monthsChoice === 'other' ? draft.monthsOther : draft.monthsChoice, NON_NEGATIVE);
      if (Number.isNaN(months)) return { error: INCIDENT_SEARCH_MESSAGES.lastNMonths };
      return parsed(dateCriterionSchema, { ...base, lastNMonths: months });
    }
    case 'workShift':
      return parsed(dateCriterionSchema, {
        ...base,
        fromTime: draft.fromTime || undefined,
        toTime: draft.toTime || undefined,
      });
  }
}

/** The criteria the Add of the `kind` form makes from `draft`, or the message saying what is missing. */
export function buildCriteria<K extends SearchKind>(
  kind: K,
  draft: CriterionDrafts[K],
  context: BuildContext,
): BuildResult<K> {
  return buildAny(kind, draft, context) as BuildResult<K>;
}

function buildAny(kind: SearchKind, draft: CriterionDrafts[SearchKind], context: BuildContext) {
  const id = context.newId;
  switch (kind) {
    case 'incidentNumber': {
      const { number } = draft as CriterionDrafts['incidentNumber'];
      return parsed(incidentNumberCriterionSchema, { id: id(), number: numberOf(number, POSITIVE) });
    }
    case 'dateReported':
    case 'dateOccurred':
      return dateCriterion(draft as DateDraft, context);
    case 'class':
    case 'location': {
      const { lookupId, includeDescendant } = draft as LookupDraft;
      const schema = kind === 'class' ? classCriterionSchema : locationCriterionSchema;
      return parsed(schema, { id: id(), lookupId, includeDescendant });
    }
    case 'severity': {
      const { lookupId } = draft as CriterionDrafts['severity'];
      return parsed(severityCriterionSchema, { id: id(), lookupId, lookupValue: context.severityName(lookupId) });
    }
    case 'person':
      return parsed(personCriterionSchema, { id: id(), ...(draft as PersonDraft) });
    case 'company':
      return parsed(companyCriterionSchema, { id: id(), ...(draft as CompanyDraft) });
    case 'vehicle':
      return parsed(vehicleCriterionSchema, { id: id(), ...(draft as VehicleDraft) });
    case 'item':
      return parsed(itemCriterionSchema, { id: id(), ...(draft as ItemDraft) });
    case 'attachment':
      return parsed(attachmentCriterionSchema, { id: id(), ...(draft as AttachmentDraft) });
    case 'address':
      return parsed(addressCriterionSchema, { id: id(), ...(draft as AddressDraft) });
    case 'status': {
      // Spec 2 §5: a status criterion with none chosen is ignored; both chosen add two, joined by OR.
      const { open, closed } = draft as StatusDraft;
      const statuses = [...(open ? [INCIDENT_STATUS.OPEN] : []), ...(closed ? [INCIDENT_STATUS.CLOSED] : [])];
      return { criteria: statuses.map((status) => ({ id: id(), status })) };
    }
    case 'creator':
      return parsed(creatorCriterionSchema, { id: id(), ...(draft as CreatorDraft) });
    case 'activeBan':
      return parsed(activeBanCriterionSchema, { id: id(), ...(draft as ActiveBanDraft) });
  }
}

/** The criterion the Date Period Required dialog adds: date occurred, the last 30 days (spec 2 §4). */
export function lastDaysCriterion(days: number, context: Pick<BuildContext, 'newId' | 'timezone'>) {
  return dateCriterionSchema.parse({ id: context.newId(), periodType: 'lastNDays', days, timezone: context.timezone });
}
