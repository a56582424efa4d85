import { formatCalendarDate, incidentStatusLabel, lookupName, lookupPathText } from '@blotter/shared/presentation';
import type { Country, State } from '@blotter/shared/schemas/geo';
import type { LookupNode, SingleLookup } from '@blotter/shared/schemas/lookups';
import type {
  ActiveBanSubject,
  ActiveBanType,
  CriterionOf,
  DateCriterion,
  PartyRelation,
  SearchKind,
} from '@blotter/shared/schemas/search';
import { lastNDaysLabel, lastNMonthsLabel } from '../../../lib/last-n-labels';
import { formatTimeOfDay } from './date-values';

/** The names of the search types, as the type chooser and the criteria list show them (spec 2 §2). */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  incidentNumber: 'Incident number',
  dateReported: 'Date reported',
  dateOccurred: 'Date occurred',
  class: 'Class',
  severity: 'Severity',
  person: 'Person',
  company: 'Legal entity',
  vehicle: 'Vehicle',
  item: 'Item',
  attachment: 'Attachment',
  location: 'Location',
  address: 'Address',
  status: 'Status',
  creator: 'Entered by',
  activeBan: 'Active ban',
};

/** The active ban criterion's choices, as its form and label read them (issue 31). */
export const ACTIVE_BAN_TYPE_LABELS: Record<ActiveBanType, string> = {
  any: 'Any (ban, trespass notice or watch)',
  ban: 'Ban',
  trespass: 'Trespass notice',
  watch: 'Watch',
};
export const ACTIVE_BAN_SUBJECT_LABELS: Record<ActiveBanSubject, string> = {
  any: 'Any subject',
  person: 'Person',
  legalEntity: 'Legal entity',
  vehicle: 'Vehicle',
};
const ACTIVE_BAN_TYPE_WORDS: Record<ActiveBanType, string> = {
  any: 'ban, trespass notice or watch',
  ban: 'ban',
  trespass: 'trespass notice',
  watch: 'watch',
};

/** 'Person with an active ban', 'Any subject with an active ban, trespass notice or watch'. */
export const activeBanLabel = (c: Pick<CriterionOf<'activeBan'>, 'banType' | 'subjectKind'>) =>
  `${ACTIVE_BAN_SUBJECT_LABELS[c.subjectKind]} with an active ${ACTIVE_BAN_TYPE_WORDS[c.banType]}`;

export const RELATION_LABELS: Record<PartyRelation, string> = {
  REPORTER: 'Reporter',
  VICTIM: 'Victim',
  PERSON_OF_INTEREST: 'Person of interest',
  SUSPECT: 'Suspect',
  WITNESS: 'Witness',
  SUBJECT: 'Subject',
};

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days of the week from 0 (Sunday), as the criterion numbers them. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** What a criterion's label needs to turn ids into names: the company's lookups, countries and date format. */
export interface CriterionLabelContext {
  dateFormat: number;
  incidentClasses: readonly LookupNode[];
  locations: readonly LookupNode[];
  severities: readonly SingleLookup[];
  countries: readonly Country[];
  states: readonly State[];
}

const short = (name: string) => name.slice(0, 3);
const joined = (parts: readonly (string | false | undefined | null)[]) =>
  parts.filter((part): part is string => Boolean(part)).join(' · ');
// Not displayName: a criterion without a name reads as its other parts, not as 'Unknown'.
const nameOf = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
const quoted = (label: string, value: string) => (value.trim() ? `${label} "${value.trim()}"` : undefined);

function dateLabel(criterion: DateCriterion, dateFormat: number): string {
  const moment = (date: string | undefined, time: string | undefined) =>
    [formatCalendarDate(date, dateFormat), time ? formatTimeOfDay(time) : ''].filter(Boolean).join(' ');
  switch (criterion.periodType) {
    case 'period':
      return `${moment(criterion.fromDate, criterion.fromTime)} – ${moment(criterion.toDate, criterion.toTime)}`;
    case 'month':
      return `Months: ${criterion.months.map((month) => short(MONTH_NAMES[month - 1] ?? String(month))).join(', ')}`;
    case 'dayOfWeek':
      return `Days: ${criterion.dayOfWeeks.map((day) => short(WEEKDAY_NAMES[day] ?? String(day))).join(', ')}`;
    case 'lastNDays':
      return lastNDaysLabel(criterion.days ?? 0);
    case 'lastNMonths':
      return lastNMonthsLabel(criterion.lastNMonths ?? 0);
    case 'workShift':
      return `Work shift ${formatTimeOfDay(criterion.fromTime ?? '')} – ${formatTimeOfDay(criterion.toTime ?? '')}`;
  }
}

const relationsText = (relations: readonly PartyRelation[]) =>
  relations.length > 0 ? relations.map((relation) => RELATION_LABELS[relation]).join(', ') : undefined;

/** A criterion as a person reads it in the criteria list: names of lookups, dates in the company format. */
export function criterionLabel<K extends SearchKind>(
  kind: K,
  criterion: CriterionOf<K>,
  context: CriterionLabelContext,
): string {
  return labelOf(kind, criterion as CriterionOf<SearchKind>, context);
}

function labelOf(kind: SearchKind, value: CriterionOf<SearchKind>, context: CriterionLabelContext): string {
  switch (kind) {
    case 'incidentNumber':
      return `#${(value as CriterionOf<'incidentNumber'>).number}`;
    case 'dateReported':
    case 'dateOccurred':
      return dateLabel(value as DateCriterion, context.dateFormat);
    case 'class':
    case 'location': {
      const { lookupId, includeDescendant } = value as CriterionOf<'class'>;
      const tree = kind === 'class' ? context.incidentClasses : context.locations;
      const path = lookupPathText(tree, lookupId);
      return includeDescendant ? `${path} (and below)` : path;
    }
    case 'severity': {
      const { lookupId, lookupValue } = value as CriterionOf<'severity'>;
      const name = lookupName(context.severities, lookupId);
      return name === 'Unknown' && lookupValue ? lookupValue : name;
    }
    case 'person': {
      const v = value as CriterionOf<'person'>;
      return joined([
        nameOf(v.firstName, v.middleName, v.lastName),
        v.hasPerson && 'Has person',
        v.isEmployee && 'Employee',
        relationsText(v.relations),
      ]);
    }
    case 'company': {
      const v = value as CriterionOf<'company'>;
      return joined([v.name, v.hasCompany && 'Has legal entity', v.isOwner && 'Owner', relationsText(v.relations)]);
    }
    case 'vehicle': {
      const v = value as CriterionOf<'vehicle'>;
      return joined([
        v.hasVehicle && 'Has vehicle',
        quoted('Plate', v.licensePlate),
        quoted('State/province', v.stateProvince),
        quoted('Make', v.maker),
        quoted('Model', v.model),
        quoted('Colour', v.color),
      ]);
    }
    case 'item': {
      const v = value as CriterionOf<'item'>;
      return joined([
        v.hasItem && 'Has item',
        quoted('Name', v.name),
        quoted('Brand', v.brand),
        quoted('Model', v.model),
        quoted('Colour', v.color),
        quoted('Serial number', v.serialNumber),
      ]);
    }
    case 'attachment': {
      const v = value as CriterionOf<'attachment'>;
      return joined([v.hasAttachment && 'Has attachment', quoted('Name', v.name)]);
    }
    case 'address': {
      const v = value as CriterionOf<'address'>;
      const state = context.states.find(
        (s) => s.code === v.stateProvinceCode && (!v.countryCode || s.countryCode === v.countryCode),
      );
      const country = context.countries.find((c) => c.code === v.countryCode);
      return joined([
        quoted('Unit', v.unit),
        quoted('Address', v.address),
        quoted('Street', v.street),
        v.cityName.trim(),
        state?.name ?? v.stateProvinceCode,
        country?.name ?? v.countryCode,
      ]);
    }
    case 'status': {
      const { status } = value as CriterionOf<'status'>;
      return incidentStatusLabel(status);
    }
    case 'creator': {
      const v = value as CriterionOf<'creator'>;
      return nameOf(v.firstName, v.lastName);
    }
    case 'activeBan':
      return activeBanLabel(value as CriterionOf<'activeBan'>);
  }
}
