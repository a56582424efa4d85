import type { IncidentFields, IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import { type FieldPath, useFormContext } from 'react-hook-form';

/** A path of the incident form, e.g. `persons.0.firstName`. */
export type IncidentPath = FieldPath<IncidentFieldsInput>;

/** The incident form of the page (one FormProvider over the whole entry form). */
export function useIncidentForm() {
  return useFormContext<IncidentFieldsInput, unknown, IncidentFields>();
}

/** Reference fields are typed `unknown` on the form's input side: a string id, or null. */
export function asId(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
