import { DATE_PERIOD_TYPES, type DatePeriodType, SEARCH_LIMITS } from '@blotter/shared/schemas/search';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useEffect, useRef, useState } from 'react';
import { LastNPresetsField } from '../../../../components/form/last-n-presets-field';
import type { DateDraft } from '../../model/criterion-drafts';
import { MONTH_NAMES, WEEKDAY_NAMES } from '../../model/criterion-label';
import {
  fromCalendarDate,
  fromTimeOfDay,
  searchPickerFormats,
  toCalendarDate,
  toTimeOfDay,
} from '../../model/date-values';
import { CheckboxGroup, type DraftFormProps } from './draft-fields';

export const PERIOD_TYPE_LABELS: Record<DatePeriodType, string> = {
  period: 'Period',
  month: 'Month',
  lastNDays: 'Last n days',
  lastNMonths: 'Last n months',
  dayOfWeek: 'Day of week',
  workShift: 'Work shift period',
};

const complete = (date: Date | null): date is Date => date !== null && !Number.isNaN(date.getTime());

/**
 * The picker's own date, so a partly typed date stays on screen while the criterion holds none;
 * a value set from outside (a reset after Add) replaces it.
 */
function useShownDate(value: string, parse: (value: string) => Date | null, format: (date: Date) => string) {
  const [shown, setShown] = useState<Date | null>(() => parse(value));
  const published = useRef(value);
  useEffect(() => {
    if (value === published.current) return;
    published.current = value;
    setShown(parse(value));
  }, [value, parse]);
  const change = (date: Date | null, onChange: (value: string) => void) => {
    setShown(date);
    // A partly typed date holds nothing: Add then says what is missing.
    const next = complete(date) ? format(date) : '';
    published.current = next;
    onChange(next);
  };
  return [shown, change] as const;
}

interface PickerFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  format: string;
}

const fieldSlot = { textField: { size: 'small', fullWidth: true } } as const;

function DateField({ label, value, onChange, format }: PickerFieldProps) {
  const [shown, change] = useShownDate(value, fromCalendarDate, toCalendarDate);
  return (
    <DatePicker
      label={label}
      format={format}
      value={shown}
      onChange={(date) => change(date, onChange)}
      slotProps={fieldSlot}
    />
  );
}

const parseTime = (value: string) => fromTimeOfDay(value);

function TimeField({ label, value, onChange, format }: PickerFieldProps) {
  const [shown, change] = useShownDate(value, parseTime, toTimeOfDay);
  return (
    <TimePicker
      label={label}
      format={format}
      value={shown}
      onChange={(date) => change(date, onChange)}
      slotProps={fieldSlot}
    />
  );
}

const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } };

/** Date reported or date occurred: the six period types of spec 2 §3, dates in the company format. */
export function DateForm({ value, onChange, dateFormat }: DraftFormProps<DateDraft> & { dateFormat: number }) {
  const set = (patch: Partial<DateDraft>) => onChange({ ...value, ...patch });
  const formats = searchPickerFormats(dateFormat);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Period type"
        size="small"
        value={value.periodType}
        onChange={(event) => set({ periodType: event.target.value as DatePeriodType })}
        sx={{ maxWidth: 280 }}
      >
        {DATE_PERIOD_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {PERIOD_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
      {value.periodType === 'period' && (
        <Box sx={pair}>
          <DateField
            label="From date"
            value={value.fromDate}
            format={formats.date}
            onChange={(fromDate) => set({ fromDate })}
          />
          <TimeField
            label="From time"
            value={value.fromTime}
            format={formats.time}
            onChange={(fromTime) => set({ fromTime })}
          />
          <DateField
            label="To date"
            value={value.toDate}
            format={formats.date}
            onChange={(toDate) => set({ toDate })}
          />
          <TimeField
            label="To time"
            value={value.toTime}
            format={formats.time}
            onChange={(toTime) => set({ toTime })}
          />
        </Box>
      )}
      {value.periodType === 'month' && (
        <CheckboxGroup
          label="Months"
          options={MONTH_NAMES.map((name, index) => ({ value: index + 1, label: name }))}
          value={value.months}
          onChange={(months) => set({ months })}
        />
      )}
      {value.periodType === 'dayOfWeek' && (
        <CheckboxGroup
          label="Days of the week"
          options={WEEKDAY_NAMES.map((name, index) => ({ value: index, label: name }))}
          value={value.dayOfWeeks}
          onChange={(dayOfWeeks) => set({ dayOfWeeks })}
        />
      )}
      {value.periodType === 'lastNDays' && (
        <LastNPresetsField
          unit="days"
          choice={value.daysChoice}
          other={value.daysOther}
          otherMaxLength={SEARCH_LIMITS.text}
          onChange={(daysChoice, daysOther) => set({ daysChoice, daysOther })}
        />
      )}
      {value.periodType === 'lastNMonths' && (
        <LastNPresetsField
          unit="months"
          choice={value.monthsChoice}
          other={value.monthsOther}
          otherMaxLength={SEARCH_LIMITS.text}
          onChange={(monthsChoice, monthsOther) => set({ monthsChoice, monthsOther })}
        />
      )}
      {value.periodType === 'workShift' && (
        <Box sx={pair}>
          <TimeField
            label="From time"
            value={value.fromTime}
            format={formats.time}
            onChange={(fromTime) => set({ fromTime })}
          />
          <TimeField
            label="To time"
            value={value.toTime}
            format={formats.time}
            onChange={(toTime) => set({ toTime })}
          />
        </Box>
      )}
    </Stack>
  );
}
