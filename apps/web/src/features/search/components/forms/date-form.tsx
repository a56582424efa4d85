import {
  DATE_PERIOD_TYPES,
  type DatePeriodType,
  LAST_N_DAYS_PRESETS,
  LAST_N_MONTHS_PRESETS,
} from '@blotter/shared/schemas/search';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { useEffect, useId, useRef, useState } from 'react';
import type { DateDraft } from '../../model/criterion-drafts';
import { lastNMonthsLabel, MONTH_NAMES, WEEKDAY_NAMES } from '../../model/criterion-label';
import {
  fromCalendarDate,
  fromTimeOfDay,
  searchPickerFormats,
  toCalendarDate,
  toTimeOfDay,
} from '../../model/date-values';
import { CheckboxGroup, type DraftFormProps, DraftTextField } from './draft-fields';

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

/** Presets as radio buttons plus 'Other' with a number typed in (last n days, last n months). */
function PresetField({
  label,
  presets,
  choice,
  other,
  otherLabel,
  onChange,
}: {
  label: string;
  presets: readonly { value: string; label: string }[];
  choice: string;
  other: string;
  otherLabel: string;
  onChange: (choice: string, other: string) => void;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      <RadioGroup row value={choice} onChange={(event) => onChange(event.target.value, other)}>
        {presets.map((preset) => (
          <FormControlLabel key={preset.value} value={preset.value} control={<Radio />} label={preset.label} />
        ))}
        <FormControlLabel value="other" control={<Radio />} label="Other" />
      </RadioGroup>
      {choice === 'other' && (
        <Box sx={{ maxWidth: 240, mt: 1 }}>
          <DraftTextField
            label={otherLabel}
            value={other}
            inputMode="numeric"
            autoFocus
            onChange={(text) => onChange('other', text)}
          />
        </Box>
      )}
    </FormControl>
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
        <PresetField
          label="Last n days"
          presets={LAST_N_DAYS_PRESETS.map((days) => ({ value: String(days), label: `${days} days` }))}
          choice={value.daysChoice}
          other={value.daysOther}
          otherLabel="Number of days"
          onChange={(daysChoice, daysOther) => set({ daysChoice, daysOther })}
        />
      )}
      {value.periodType === 'lastNMonths' && (
        <PresetField
          label="Last n months"
          presets={LAST_N_MONTHS_PRESETS.map((months) => ({ value: String(months), label: lastNMonthsLabel(months) }))}
          choice={value.monthsChoice}
          other={value.monthsOther}
          otherLabel="Number of months"
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
