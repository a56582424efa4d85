import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useController } from 'react-hook-form';
import { CalendarDateField } from '../../../components/form/calendar-date-field';
import type { BanFormValues } from '../model/ban-form';

/** What the form holds for a partly typed date: text the schema refuses. */
const PARTLY_TYPED = 'invalid';

/** A ban's start or end day, typed in the company's date format or picked, held as 'yyyy-MM-dd'. */
export function BanDateField({
  name,
  label,
  dateFormat,
}: {
  name: 'startDate' | 'endDate';
  label: string;
  dateFormat: number;
}) {
  const { field, fieldState } = useController<BanFormValues, typeof name>({ name });
  const value = field.value !== PARTLY_TYPED ? field.value : '';
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <CalendarDateField
        label={label}
        dateFormat={dateFormat}
        value={value}
        onChange={(next, partial) => field.onChange(partial ? PARTLY_TYPED : next)}
        textField={{
          size: 'medium',
          fullWidth: true,
          required: true,
          name: field.name,
          onBlur: field.onBlur,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ?? ' ',
          sx: { flex: 1 },
        }}
      />
    </LocalizationProvider>
  );
}
