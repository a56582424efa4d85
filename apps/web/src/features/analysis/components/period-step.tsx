import {
  ANALYSIS_LIMITS,
  ANALYSIS_PERIOD_TYPES,
  type AnalysisPeriodType,
  type ChartPeriod,
  chartPeriodSchema,
} from '@blotter/shared/schemas/analysis';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CalendarDateField } from '../../../components/form/calendar-date-field';
import { LastNPresetsField } from '../../../components/form/last-n-presets-field';
import { newPeriodDraft, type PeriodDraft, periodFromDraft } from '../model/period-draft';

export const PERIOD_TYPE_LABELS: Record<AnalysisPeriodType, string> = {
  period: 'Date range',
  lastNDays: 'Last n days',
  lastNMonths: 'Last n months',
};

interface PeriodStepProps {
  dateFormat: number;
  count: number;
  onAdd: (period: ChartPeriod) => void;
}

/** Step 1: a period is a date range, the last n days or the last n months, with an optional name. */
export function PeriodStep({ dateFormat, count, onAdd }: PeriodStepProps) {
  const [draft, setDraft] = useState<PeriodDraft>(() => newPeriodDraft());
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (patch: Partial<PeriodDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(undefined);
  };
  const add = () => {
    const parsed = chartPeriodSchema.safeParse(periodFromDraft(draft));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please complete the period.');
      return;
    }
    onAdd(parsed.data);
    setDraft(newPeriodDraft(draft.type));
  };
  const full = count >= ANALYSIS_LIMITS.periods;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <TextField
        select
        label="Period type"
        size="small"
        value={draft.type}
        onChange={(event) => set({ type: event.target.value as AnalysisPeriodType })}
        sx={{ maxWidth: 280 }}
      >
        {ANALYSIS_PERIOD_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {PERIOD_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
      {draft.type === 'period' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <CalendarDateField
            label="From date"
            dateFormat={dateFormat}
            value={draft.fromDate}
            onChange={(fromDate) => set({ fromDate })}
          />
          <CalendarDateField
            label="To date"
            dateFormat={dateFormat}
            value={draft.toDate}
            onChange={(toDate) => set({ toDate })}
          />
        </Box>
      )}
      {draft.type === 'lastNDays' && (
        <LastNPresetsField
          unit="days"
          choice={draft.daysChoice}
          other={draft.daysOther}
          otherMaxLength={5}
          onChange={(daysChoice, daysOther) => set({ daysChoice, daysOther })}
        />
      )}
      {draft.type === 'lastNMonths' && (
        <LastNPresetsField
          unit="months"
          choice={draft.monthsChoice}
          other={draft.monthsOther}
          otherMaxLength={5}
          onChange={(monthsChoice, monthsOther) => set({ monthsChoice, monthsOther })}
        />
      )}
      <TextField
        label="Period name (optional)"
        size="small"
        value={draft.periodName}
        onChange={(event) => set({ periodName: event.target.value })}
        helperText="When blank, the period is named after its dates."
        slotProps={{ htmlInput: { maxLength: ANALYSIS_LIMITS.periodName } }}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      {full && <Alert severity="info">An analysis compares at most {ANALYSIS_LIMITS.periods} periods.</Alert>}
      <Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={full}>
          Add period
        </Button>
      </Box>
    </Stack>
  );
}
