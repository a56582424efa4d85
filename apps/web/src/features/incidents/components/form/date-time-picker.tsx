import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useController } from 'react-hook-form';
import { useTypedDate } from '../../../../components/form/use-typed-date';
import { emptyDateValue, fromPickerDate, toPickerDate } from '../../utils/date-input';
import { useCompanyPickerFormats } from './company-date-pickers';
import { type DateTimeFieldProps, INCOMPLETE_DATE_MESSAGE } from './date-time-field';

/**
 * The MUI X picker behind DateTimeField, in a module of its own: the pickers are the largest part
 * of the form's code, and the form can be typed into before they have loaded.
 */
export default function DateTimePickerField({
  name,
  label,
  kind = 'dateTime',
  max,
  required,
  helperText,
}: DateTimeFieldProps) {
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
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      {kind === 'dateTime' ? (
        <DateTimePicker {...common} format={formats.dateTime} maxDateTime={latest} />
      ) : (
        <DatePicker {...common} format={formats.date} maxDate={latest} />
      )}
    </LocalizationProvider>
  );
}
