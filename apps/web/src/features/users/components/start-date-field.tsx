import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parseISO } from 'date-fns';
import { useController } from 'react-hook-form';

/** A 'yyyy-MM-dd' calendar date as the picker's local Date. */
const toDate = (value: unknown) => (typeof value === 'string' && value ? parseISO(value) : null);

/**
 * The user's start date with the company, entered in the company's date format and kept as a
 * calendar date ('yyyy-MM-dd', no time zone). A half-typed date is kept as text the schema refuses.
 */
export function StartDateField({ dateFormat }: { dateFormat: number }) {
  const { field, fieldState } = useController({ name: 'companyStartDate' });
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        label="Start date"
        format={dateFormat === 1 ? 'MM/dd/yyyy' : 'dd/MM/yyyy'}
        value={toDate(field.value)}
        onChange={(date) => {
          if (!date) field.onChange(null);
          else field.onChange(isValid(date) ? format(date, 'yyyy-MM-dd') : 'invalid');
        }}
        slotProps={{
          textField: {
            margin: 'dense',
            fullWidth: true,
            onBlur: field.onBlur,
            error: Boolean(fieldState.error),
            helperText: fieldState.error?.message,
          },
        }}
      />
    </LocalizationProvider>
  );
}
