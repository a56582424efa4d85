import { LAST_N_DAYS_PRESETS, LAST_N_MONTHS_PRESETS } from '@blotter/shared/schemas/search-criteria';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { lastNMonthsLabel } from '../../lib/last-n-labels';
import { RadioChoiceField } from './radio-choice-field';

const PRESETS = {
  days: {
    label: 'Last n days',
    otherLabel: 'Number of days',
    options: LAST_N_DAYS_PRESETS.map((days) => ({ value: String(days), label: `${days} days` })),
  },
  months: {
    label: 'Last n months',
    otherLabel: 'Number of months',
    options: LAST_N_MONTHS_PRESETS.map((months) => ({ value: String(months), label: lastNMonthsLabel(months) })),
  },
} as const;

interface LastNPresetsFieldProps {
  unit: 'days' | 'months';
  /** A preset's number as text, or 'other'. */
  choice: string;
  /** The number typed in for 'Other'. */
  other: string;
  /** The most characters the 'Other' number takes. */
  otherMaxLength: number;
  onChange: (choice: string, other: string) => void;
}

/** The last n days or months: presets as radio buttons plus 'Other' with a number typed in (spec 2 §9). */
export function LastNPresetsField({ unit, choice, other, otherMaxLength, onChange }: LastNPresetsFieldProps) {
  const presets = PRESETS[unit];
  return (
    <RadioChoiceField
      label={presets.label}
      options={[...presets.options, { value: 'other', label: 'Other' }]}
      value={choice}
      onChange={(next) => onChange(next, other)}
      row
    >
      {choice === 'other' && (
        <Box sx={{ maxWidth: 240, mt: 1 }}>
          <TextField
            label={presets.otherLabel}
            value={other}
            onChange={(event) => onChange('other', event.target.value)}
            fullWidth
            size="small"
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: otherMaxLength } }}
          />
        </Box>
      )}
    </RadioChoiceField>
  );
}
