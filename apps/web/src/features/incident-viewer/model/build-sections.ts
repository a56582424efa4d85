import {
  assigneeName,
  displayName,
  formatDateTime,
  formatOccurred,
  lookupName,
  lookupPathText,
  rootCauseText,
  UNKNOWN,
} from '@blotter/shared/presentation';
import type { CloseBlock, CorrectiveAction } from '@blotter/shared/schemas/incident-parts';
import { addressText } from './format-values';
import { companyCard, personCard } from './party-cards';
import { itemCard, vehicleCard } from './property-cards';
import { field, fileOf, partyNames, richField } from './section-fields';
import type { IncidentViewData } from './view-data';
import type { ViewCard, ViewContext, ViewField, ViewSection } from './view-sections';

function whenWhatWhereWhy(data: IncidentViewData, ctx: ViewContext): ViewSection {
  const k = (name: string) => `incident.${name}`;
  return {
    key: 'incident',
    title: 'When What Where Why',
    fields: [
      field(k('createUserName'), 'Entered by', displayName(data.createUserName)),
      field(k('assignedUser'), 'Investigator', assigneeName(data.assignedUserId, data.assignedUserName)),
      field(k('reportedDate'), 'Date reported', formatDateTime(data.reportedDate, ctx.dateFormat)),
      field(
        k('occurredDate'),
        'Date occurred',
        formatOccurred(data.occurredDate, data.occurredDateUncertain, ctx.dateFormat),
      ),
      field(k('lastClassId'), 'What', lookupPathText(ctx.multipleLookups.incidentClass, data.lastClassId)),
      field(k('severityId'), 'Severity', lookupName(ctx.singleLookups.severityType, data.severityId)),
      field(k('location'), 'Location', lookupPathText(ctx.multipleLookups.location, data.location.lastLocationId)),
      field(k('address'), 'Address', addressText(data.location, ctx.countries)),
      field(
        k('primaryCauseId'),
        'Root cause',
        rootCauseText({ multiple: ctx.multipleLookups, single: ctx.singleLookups }, data.primaryCauseId),
      ),
      richField(k('causeComments'), 'Cause comments', data.causeComments),
      richField(k('summary'), 'Summary', data.summary),
    ],
    cards: [],
    files: [],
  };
}

function correctiveActionCard(
  action: CorrectiveAction,
  index: number,
  names: Map<string, string>,
  ctx: ViewContext,
): ViewCard {
  const k = (name: string) => `correctiveActions.${action.id}.${name}`;
  const type = lookupName(ctx.singleLookups.correctiveActionType, action.typeId);
  const fields: ViewField[] = [
    field(k('type'), 'Type', type),
    field(
      k('involved'),
      'Involved persons',
      action.involvedPersonList.map((id) => names.get(id) ?? UNKNOWN).join(', '),
    ),
    richField(k('details'), 'Details', action.details),
  ];
  if (action.referredType === 'INTERNAL') {
    fields.push(
      field(k('referral'), 'Referral', 'Internal'),
      field(
        k('referredTo'),
        'Department',
        lookupName(ctx.singleLookups.department, action.referredInternalDepartmentId),
      ),
    );
  } else if (action.referredType === 'EXTERNAL') {
    fields.push(
      field(k('referral'), 'Referral', 'External'),
      field(k('referredTo'), 'Agency', lookupName(ctx.singleLookups.referredAgency, action.referredExternalAgencyId)),
    );
  }
  const contact = [action.referredContactFirstName, action.referredContactMiddleName, action.referredContactLastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  if (action.displayType === 'REFERRED' || contact) {
    fields.push(
      field(k('contactName'), 'Contact person', contact),
      field(k('contactAlias'), 'Contact alias', action.referredContactAlias),
      field(k('contactPosition'), 'Contact position', action.referredContactPosition),
      field(k('contactEmail'), 'Contact email', action.referredContactEmail),
      field(k('contactPhone'), 'Contact phone', action.referredContactPhone),
      field(k('contactMobilePhone'), 'Contact mobile phone', action.referredContactMobilePhone),
    );
  }
  return {
    key: `correctiveActions.${action.id}`,
    title: action.typeId ? type : `Corrective action ${index + 1}`,
    chips: [],
    fields,
    privacy: 'none',
    files: [],
  };
}

/** Close information: who closed it (the user, or the person named 'By other'), with the details. */
function closeSection(close: CloseBlock, ctx: ViewContext): ViewSection {
  const k = (name: string) => `close.${name}`;
  const byUser = close.closedBy === 'USER';
  const fields: ViewField[] = [field(k('closedBy'), 'Closed by', byUser ? 'By user' : 'By other')];
  if (byUser) {
    const name = close.closeUserName || [close.closeUserFirstName, close.closeUserLastName].join(' ');
    fields.push(field(k('name'), 'Name', displayName(name)));
  } else {
    fields.push(
      field(k('name'), 'Name', displayName(close.closeFirstName, close.closeMiddleName, close.closeLastName)),
      field(k('alias'), 'Alias', close.closeAlias),
      field(k('position'), 'Position', close.closePosition),
      field(k('department'), 'Department', close.closeDepartment),
      field(k('email'), 'Email', close.closeEmail),
      field(k('phone'), 'Phone', close.closePhone),
      field(k('mobilePhone'), 'Mobile phone', close.closeMobilePhone),
    );
  }
  fields.push(
    field(k('comments'), 'Comments', close.closeComments),
    field(k('closeDate'), 'Date closed', formatDateTime(close.closeDate, ctx.dateFormat)),
  );
  return { key: 'close', title: 'Close information', fields, cards: [], files: [] };
}

export interface BuildOptions {
  /** The user holds PRIVACY_INFO_VIEW: masked person fields can be unlocked. */
  canViewPrivate: boolean;
}

/** Every read-only section of the viewer (spec 1 §2), in its order. */
export function buildSections(data: IncidentViewData, ctx: ViewContext, options: BuildOptions): ViewSection[] {
  const names = partyNames(data);
  const looseFiles = data.attachments.filter((a) => !a.incidentItemId && !a.incidentVehicleId);
  const sections: ViewSection[] = [
    whenWhatWhereWhy(data, ctx),
    {
      key: 'persons',
      title: `Persons (${data.persons.length})`,
      fields: [],
      cards: data.persons.map((person) => personCard(person, ctx, options.canViewPrivate)),
      files: [],
      emptyText: 'No persons.',
    },
    {
      key: 'companies',
      title: `Legal entities (${data.companies.length})`,
      fields: [],
      cards: data.companies.map((company) => companyCard(company, ctx)),
      files: [],
      emptyText: 'No legal entities.',
    },
    {
      key: 'vehicles',
      title: `Vehicles (${data.vehicles.length})`,
      fields: [],
      cards: data.vehicles.map((vehicle, i) => vehicleCard(vehicle, i, data, ctx)),
      files: [],
      emptyText: 'No vehicles.',
    },
    {
      key: 'items',
      title: `Items (${data.items.length})`,
      fields: [],
      cards: data.items.map((item, i) => itemCard(item, i, data)),
      files: [],
      emptyText: 'No items.',
    },
    {
      key: 'attachments',
      title: `Attachments (${looseFiles.length})`,
      fields: [],
      cards: [],
      files: looseFiles.map(fileOf),
      emptyText: 'No attachments.',
    },
    {
      key: 'correctiveActions',
      title: 'Corrective actions',
      fields: [],
      cards: data.correctiveActions.map((action, i) => correctiveActionCard(action, i, names, ctx)),
      files: [],
      emptyText: 'No corrective actions.',
    },
  ];
  if (data.close) sections.push(closeSection(data.close, ctx));
  return sections;
}
