import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { emptyIncidentFields, type IncidentFields, incidentFieldsSchema } from '@blotter/shared/schemas/incident-form';

/**
 * The form's starting values for a working copy: its data completed with the defaults of the
 * schema. A new draft is reported now (the person is reporting it), which they may change.
 */
/** The data of a working copy with the defaults of the schema (the shape the form holds). */
export function normalisedData(data: unknown): IncidentFields {
  const parsed = incidentFieldsSchema.safeParse(data);
  // Data that breaks a field rule (typed before a limit changed) is kept, so nothing is lost.
  return parsed.success
    ? parsed.data
    : ({ ...emptyIncidentFields(), ...(data as Partial<IncidentFields>) } as IncidentFields);
}

export function formValuesOf(draft: { status: number; data: unknown }, now: Date = new Date()): IncidentFields {
  const values = normalisedData(draft.data);
  if (draft.status === INCIDENT_STATUS.DRAFT && !values.reportedDate) {
    return { ...values, reportedDate: now.toISOString() };
  }
  return values;
}
