import {
  type AttachmentRef,
  assigneeName,
  displayName,
  formatDateTime,
  formatOccurred,
  htmlToText,
  incidentStatusLabel,
  lookupName,
  lookupPathText,
  personName,
  rootCauseText,
} from '@blotter/shared';
import type { PrintDocument, PrintSection } from '../../platform/pdf';
import type { IncidentSnapshot } from '../incidents/changes/record-incident-change';
import type { AllLookups } from '../lookups/lookups.queries';
import { closeBlock, correctiveActionBlock } from './action-print';
import { companyBlock, companyName } from './company-print';
import { personBlock } from './person-print';
import { type PrintAttachmentFile, type PrintContext, printAddress } from './print-context';
import { attachmentBlock, itemBlock, vehicleBlock } from './property-print';

export interface IncidentPrintOptions {
  companyName: string;
  /** PNG or JPEG bytes of the company logo. */
  logo?: Buffer | undefined;
  dateFormat: number;
  measurementType: number;
  /** The reader's Date#getTimezoneOffset: printed times are the reader's local times. */
  timezoneOffset: number;
  lookups: AllLookups;
  /** PRIVACY_INFO_VIEW of the user printing. */
  viewPrivate: boolean;
  /** The incident's stored files by attachment id. */
  files: ReadonlyMap<string, PrintAttachmentFile>;
  /** Person pictures by storage key. */
  pictures: ReadonlyMap<string, Buffer>;
  printedBy: string;
  printedAt: Date;
}

const countTitle = (title: string, n: number) => `${title} (${n})`;

/**
 * The incident as the viewer shows it, section by section in the viewer's order (spec 1 §2
 * Incident viewer), ready for renderPdf: the document a person prints or attaches to a police
 * report. Without viewPrivate no private person detail enters the document.
 */
export function incidentPrintDocument(incident: IncidentSnapshot, options: IncidentPrintOptions): PrintDocument {
  const clock = { dateFormat: options.dateFormat, timezoneOffset: options.timezoneOffset };
  const partyNames = new Map<string, string>();
  for (const person of incident.persons) partyNames.set(person.id, personName(person));
  for (const company of incident.companies) partyNames.set(company.id, companyName(company));
  const context: PrintContext = {
    clock,
    measurementType: options.measurementType,
    lookups: options.lookups,
    viewPrivate: options.viewPrivate,
    partyNames,
    pictures: options.pictures,
    files: options.files,
  };

  const filesOf = (key: 'incidentItemId' | 'incidentVehicleId', id: string) =>
    incident.attachments.filter((attachment) => attachment[key] === id);
  const ownFiles: AttachmentRef[] = incident.attachments.filter(
    (attachment) => !attachment.incidentItemId && !attachment.incidentVehicleId,
  );

  const sections: PrintSection[] = [
    whenWhatWhereWhy(incident, context),
    {
      title: countTitle('Persons', incident.persons.length),
      blocks: incident.persons.map((person) => personBlock(person, context)),
      empty: 'No persons.',
    },
    {
      title: countTitle('Legal entities', incident.companies.length),
      blocks: incident.companies.map((company) => companyBlock(company)),
      empty: 'No legal entities.',
    },
    {
      title: countTitle('Vehicles', incident.vehicles.length),
      blocks: incident.vehicles.map((vehicle, i) =>
        vehicleBlock(vehicle, i, filesOf('incidentVehicleId', vehicle.id), context),
      ),
      empty: 'No vehicles.',
    },
    {
      title: countTitle('Items', incident.items.length),
      blocks: incident.items.map((item, i) => itemBlock(item, i, filesOf('incidentItemId', item.id), context)),
      empty: 'No items.',
    },
    {
      title: countTitle('Attachments', ownFiles.length),
      blocks: ownFiles.map((attachment) => attachmentBlock(attachment, context)),
      empty: 'No attachments.',
    },
    {
      title: 'Corrective actions',
      blocks: incident.correctiveActions.map((action, i) => correctiveActionBlock(action, i, context)),
      empty: 'No corrective actions.',
    },
  ];
  if (incident.close) sections.push({ title: 'Close information', blocks: [closeBlock(incident.close, context)] });

  return {
    companyName: options.companyName,
    logo: options.logo,
    title: `Incident #${incident.number}`,
    subtitle: [incidentStatusLabel(incident.status), incident.locked ? 'Locked' : ''].filter(Boolean).join(' · '),
    sections,
    footer: `Printed ${formatDateTime(options.printedAt, clock.dateFormat, clock.timezoneOffset)} by ${options.printedBy}`,
  };
}

/** The first section: entered by, investigator, dates, what, severity, where, why and the summary. */
function whenWhatWhereWhy(incident: IncidentSnapshot, context: PrintContext): PrintSection {
  const { lookups, clock } = context;
  const { dateFormat, timezoneOffset } = clock;
  const occurred = formatOccurred(incident.occurredDate, incident.occurredDateUncertain, dateFormat, timezoneOffset);
  return {
    title: 'When What Where Why',
    blocks: [
      {
        fields: [
          { label: 'Entered by', value: displayName(incident.createUserName) },
          {
            label: 'Investigator',
            value: assigneeName(incident.assignedUserId, incident.assignedUserName),
          },
          { label: 'Date reported', value: formatDateTime(incident.reportedDate, dateFormat, timezoneOffset) },
          { label: 'Date occurred', value: occurred },
          { label: 'What', value: lookupPathText(lookups.multiple.incidentClass, incident.lastClassId) },
          { label: 'Severity', value: lookupName(lookups.single.severityType, incident.severityId) },
          { label: 'Location', value: lookupPathText(lookups.multiple.location, incident.location.lastLocationId) },
          { label: 'Address', value: printAddress(incident.location) },
          { label: 'Root cause', value: rootCauseText(lookups, incident.primaryCauseId) },
          { label: 'Cause comments', value: htmlToText(incident.causeComments), paragraph: true },
          { label: 'Summary', value: htmlToText(incident.summary), paragraph: true },
        ],
      },
    ],
  };
}
