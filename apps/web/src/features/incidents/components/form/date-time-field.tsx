import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import TextField from '@mui/material/TextField';
import { type FieldPath, useController } from 'react-hook-form';
import { dateInputToIso, dateTimeInputToIso, isoToDateInput, isoToDateTimeInput } from '../../utils/date-input';

interface DateTimeFieldProps {
  name: FieldPath<IncidentFieldsInput>;
  label: string;
  /** Ask for the date only (stored as the start of that local day). */
  dateOnly?: boolean;
  /** The latest value allowed, as an ISO string (no future dates). */
  max?: string;
  required?: boolean;
  helperText?: string;
}

/**
 * A date (and time) field bound to the form, stored as an ISO string. It is the browser's native
 * input: typed into like any text field, with the platform's picker, and labelled for assistive tech.
 */
export function DateTimeField({ name, label, dateOnly, max, required, helperText }: DateTimeFieldProps) {
  const { field, fieldState } = useController<IncidentFieldsInput>({ name });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextField
      label={label}
      type={dateOnly ? 'date' : 'datetime-local'}
      required={required}
      fullWidth
      name={field.name}
      inputRef={field.ref}
      value={dateOnly ? isoToDateInput(value) : isoToDateTimeInput(value)}
      onChange={(event) => {
        const text = event.target.value;
        field.onChange((dateOnly ? dateInputToIso(text) : dateTimeInputToIso(text)) || null);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { max: max ? (dateOnly ? isoToDateInput(max) : isoToDateTimeInput(max)) : undefined },
      }}
    />
  );
}
