import type { TextFieldProps } from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { companyDatePattern, fromCalendarDate, toCalendarDate } from '../../lib/calendar-date';
import { useTypedDate } from './use-typed-date';

type TextFieldSlot = Pick<
  TextFieldProps,
  'size' | 'fullWidth' | 'sx' | 'error' | 'helperText' | 'name' | 'required' | 'margin'
> & {
  onBlur?: () => void;
};

export interface CalendarDateFieldProps {
  label: string;
  /** 'yyyy-MM-dd', or '' when empty. */
  value: string;
  /** The complete day as 'yyyy-MM-dd', or '' with partial true while a date is only partly typed. */
  onChange: (value: string, partial: boolean) => void;
  /** The company's dateFormat setting. */
  dateFormat: number;
  disableFuture?: boolean;
  textField?: TextFieldSlot;
}

/**
 * A calendar date (no time zone) typed in the company's date format or picked from the calendar:
 * every date field of the app that asks for a day. What is typed stays on screen while the owner
 * holds '' for an incomplete date, so a date can be typed digit by digit.
 */
export function CalendarDateField({
  label,
  value,
  onChange,
  dateFormat,
  disableFuture,
  textField,
}: CalendarDateFieldProps) {
  const typed = useTypedDate(value, fromCalendarDate, toCalendarDate, '');
  return (
    <DatePicker
      label={label}
      format={companyDatePattern(dateFormat)}
      disableFuture={disableFuture}
      value={typed.shown}
      onChange={(date) => {
        const next = typed.change(date);
        onChange(next, next === '' && date !== null);
      }}
      slotProps={{ textField: { size: 'small', ...textField } }}
    />
  );
}
