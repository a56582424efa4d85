import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useController } from 'react-hook-form';
import { useTypedDate } from '../../../../components/form/use-typed-date';
import { type DateFieldKind, emptyDateValue, fromPickerDate, toPickerDate } from '../../utils/date-input';
import type { IncidentPath } from '../cards/fields/form-types';
import { useCompanyPickerFormats } from './company-date-pickers';

interface DateTimeFieldProps {
  name: IncidentPath;
  label: string;
  kind?: DateFieldKind;
  /** The latest value allowed, as the form stores it (no future dates). */
  max?: string;
  required?: boolean;
  helperText?: string;
}

export const INCOMPLETE_DATE_MESSAGE = 'Enter the whole date.';

/**
 * A date (and time) field bound to the form and shown in the company's date format (spec 1 §9):
 * an MUI X picker, typed into section by section or picked from its calendar. While a date is
 * only partly typed the form holds no date (a save says it is required) and the field keeps what
 * was typed.
 */
export function DateTimeField({ name, label, kind = 'dateTime', max, required, helperText }: DateTimeFieldProps) {
  const { field, fieldState } = useController({ name });
  const formats = useCompanyPickerFormats();
  // A value set by the form itself (a loaded draft, 'uncertain' ticked) replaces what is shown.
  const typed = useTypedDate<unknown>(
    field.value,
    toPickerDate,
    (date) => fromPickerDate(date, kind),
    emptyDateValue(kind),
  );
  const change = (date: Date | null) => field.onChange(typed.change(date));

  const error = fieldState.error?.message ?? (typed.partial ? INCOMPLETE_DATE_MESSAGE : undefined);
  const latest = toPickerDate(max) ?? undefined;
  const common = {
    label,
    value: typed.shown,
    onChange: change,
    inputRef: field.ref,
    slotProps: {
      textField: {
        name: field.name,
        required,
        fullWidth: true,
        onBlur: field.onBlur,
        error: Boolean(error),
        helperText: error ?? helperText,
      },
    },
  };
  return kind === 'dateTime' ? (
    <DateTimePicker {...common} format={formats.dateTime} maxDateTime={latest} />
  ) : (
    <DatePicker {...common} format={formats.date} maxDate={latest} />
  );
}
