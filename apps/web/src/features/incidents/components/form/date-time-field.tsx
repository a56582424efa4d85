import TextField from '@mui/material/TextField';
import { format } from 'date-fns';
import { lazy, Suspense } from 'react';
import { useController } from 'react-hook-form';
import { type DateFieldKind, toPickerDate } from '../../utils/date-input';
import type { IncidentPath } from '../cards/fields/form-types';
import { useCompanyPickerFormats } from './company-date-pickers';

export interface DateTimeFieldProps {
  name: IncidentPath;
  label: string;
  kind?: DateFieldKind;
  /** The latest value allowed, as the form stores it (no future dates). */
  max?: string;
  required?: boolean;
  helperText?: string;
}

export const INCOMPLETE_DATE_MESSAGE = 'Enter the whole date.';

const DateTimePickerField = lazy(() => import('./date-time-picker'));

/** The field as it will look, its value in the company's format, disabled until the picker is in. */
function LoadingDateField({ name, label, kind = 'dateTime', required, helperText }: DateTimeFieldProps) {
  const { field, fieldState } = useController({ name });
  const formats = useCompanyPickerFormats();
  const date = toPickerDate(field.value);
  const error = fieldState.error?.message;
  return (
    <TextField
      label={label}
      value={date ? format(date, kind === 'dateTime' ? formats.dateTime : formats.date) : ''}
      required={required}
      fullWidth
      disabled
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * A date (and time) field bound to the form and shown in the company's date format (spec 1 §9):
 * an MUI X picker, typed into section by section or picked from its calendar. While a date is
 * only partly typed the form holds no date (a save says it is required) and the field keeps what
 * was typed. The picker's code loads beside the form's (issue 30: the phone's offline form can be
 * typed into first); until then the field shows its value, disabled.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  return (
    <Suspense fallback={<LoadingDateField {...props} />}>
      <DateTimePickerField {...props} />
    </Suspense>
  );
}
