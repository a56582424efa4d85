import { DATE_PERIOD_TYPES, type DatePeriodType, SEARCH_LIMITS } from '@blotter/shared/schemas/search';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { CalendarDateField } from '../../../../components/form/calendar-date-field';
import { LastNPresetsField } from '../../../../components/form/last-n-presets-field';
import { useTypedDate } from '../../../../components/form/use-typed-date';
import type { DateDraft } from '../../model/criterion-drafts';
import { MONTH_NAMES, WEEKDAY_NAMES } from '../../model/criterion-label';
import { fromTimeOfDay, searchPickerFormats, toTimeOfDay } from '../../model/date-values';
import { CheckboxGroup, type DraftFormProps } from './draft-fields';

export const PERIOD_TYPE_LABELS: Record<DatePeriodType, string> = {
  period: 'Period',
  month: 'Month',
  lastNDays: 'Last n days',
  lastNMonths: 'Last n months',
  dayOfWeek: 'Day of week',
  workShift: 'Work shift period',
};

interface TimeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  format: string;
}

const fieldSlot = { textField: { size: 'small', fullWidth: true } } as const;

const parseTime = (value: string) => fromTimeOfDay(value);

/** A time of day ('HH:mm'); a partly typed time stays on screen while the criterion holds none. */
function TimeField({ label, value, onChange, format }: TimeFieldProps) {
  const typed = useTypedDate(value, parseTime, toTimeOfDay, '');
  return (
    <TimePicker
      label={label}
      format={format}
      value={typed.shown}
      onChange={(date) => onChange(typed.change(date))}
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
          <CalendarDateField
            label="From date"
            value={value.fromDate}
            dateFormat={dateFormat}
            onChange={(fromDate) => set({ fromDate })}
            textField={fieldSlot.textField}
          />
          <TimeField
            label="From time"
            value={value.fromTime}
            format={formats.time}
            onChange={(fromTime) => set({ fromTime })}
          />
          <CalendarDateField
            label="To date"
            value={value.toDate}
            dateFormat={dateFormat}
            onChange={(toDate) => set({ toDate })}
            textField={fieldSlot.textField}
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
