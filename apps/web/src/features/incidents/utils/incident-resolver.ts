import {
  type IncidentFields,
  type IncidentFieldsInput,
  incidentFieldsSchema,
  incidentSubmitSchema,
} from '@blotter/shared/schemas/incident-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** Whether Save was pressed on this form (shared by the form's resolver and its Save action). */
export interface SubmitAttempt {
  attempted: boolean;
}

/**
 * The form's resolver: the field rules of the shared schema while the person types, and the full
 * submit rules once Save was pressed, so an error Save reported (a required date) stays until it is
 * fixed instead of vanishing when the field is left.
 */
export function incidentResolver(attempt: SubmitAttempt): Resolver<IncidentFieldsInput, unknown, IncidentFields> {
  const fields = zodResolver(incidentFieldsSchema);
  const submit = zodResolver(incidentSubmitSchema);
  return (values, context, options) => (attempt.attempted ? submit : fields)(values, context, options);
}
