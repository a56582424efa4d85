import { htmlToText, type IncidentFields } from '@blotter/shared';
import type { incidents } from '../../db/schema/index';
import { sanitizeRichText } from '../../platform/rich-text';
import { accountFolder } from '../../platform/storage';

/** Where a company's person pictures are stored (POST /incidents/persons/picture). */
export const pictureFolder = (accountId: string) => `${accountFolder(accountId)}/pictures/`;

/**
 * The form data with every rich-text field reduced to the editor's markup, and person pictures
 * limited to the company's own picture files (drafts and incidents alike).
 */
export function sanitizeIncidentFields(fields: IncidentFields, accountId: string): IncidentFields {
  const folder = pictureFolder(accountId);
  return {
    ...fields,
    persons: fields.persons.map((person) =>
      person.personPicture && !person.personPicture.startsWith(folder) ? { ...person, personPicture: null } : person,
    ),
    summary: sanitizeRichText(fields.summary),
    causeComments: sanitizeRichText(fields.causeComments),
    correctiveActions: fields.correctiveActions.map((action) =>
      action.details ? { ...action, details: sanitizeRichText(action.details) } : action,
    ),
  };
}

const dateOf = (iso: string | null) => (iso ? new Date(iso) : null);

/** The incident's own columns from the form data (the parts go to their tables). */
export function incidentColumns(fields: IncidentFields) {
  const { location } = fields;
  return {
    assignedUserId: fields.assignedUserId,
    reportedDate: dateOf(fields.reportedDate),
    occurredDate: dateOf(fields.occurredDate),
    occurredDateUncertain: fields.occurredDateUncertain,
    lastClassId: fields.lastClassId,
    severityId: fields.severityId,
    primaryCauseId: fields.primaryCauseId,
    summary: fields.summary,
    // The text lists and searches show, so they never parse HTML.
    summaryText: htmlToText(fields.summary),
    causeComments: fields.causeComments,
    lastLocationId: location.lastLocationId,
    locationAddress: location.address,
    locationUnit: location.unit,
    locationStreet: location.street,
    locationPostalCode: location.postalCode,
    locationCityId: location.cityId,
    locationCityName: location.cityName,
    locationStateName: location.stateName,
    locationCountryCode: location.countryCode,
    locationCountryName: location.countryName,
  } satisfies Partial<typeof incidents.$inferInsert>;
}
