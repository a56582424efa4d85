import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useController } from 'react-hook-form';
import { CalendarDateField } from '../../../components/form/calendar-date-field';

/** What the form holds for a partly typed date: text the schema refuses ('Start date is not a valid date'). */
const PARTLY_TYPED = 'invalid';

/**
 * The user's start date with the company, entered in the company's date format and kept as a
 * calendar date ('yyyy-MM-dd', no time zone); null when empty.
 */
export function StartDateField({ dateFormat }: { dateFormat: number }) {
  const { field, fieldState } = useController({ name: 'companyStartDate' });
  const value = typeof field.value === 'string' && field.value !== PARTLY_TYPED ? field.value : '';
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <CalendarDateField
        label="Start date"
        dateFormat={dateFormat}
        value={value}
        onChange={(next, partial) => field.onChange(partial ? PARTLY_TYPED : next || null)}
        textField={{
          size: 'medium',
          margin: 'dense',
          fullWidth: true,
          name: field.name,
          onBlur: field.onBlur,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message,
        }}
      />
    </LocalizationProvider>
  );
}
