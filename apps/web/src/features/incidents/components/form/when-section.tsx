import { INCIDENT_STATUS } from '@blotter/shared/constants';
import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import { memo } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { startOfLocalDayIso } from '../../utils/date-input';
import { DateTimeField } from './date-time-field';
import { FormSection } from './form-section';

const FIELDS = ['reportedDate', 'occurredDate', 'occurredDateUncertain'] as const;

function earliest(a: string, b: unknown): string {
  if (typeof b !== 'string' || !b) return a;
  return Date.parse(b) < Date.parse(a) ? b : a;
}

/** Date occurred: date and time, or only the date when 'uncertain' is ticked; never after reported. */
function OccurredDateField() {
  const { setValue, getValues } = useFormContext<IncidentFieldsInput>();
  const uncertain = useWatch<IncidentFieldsInput, 'occurredDateUncertain'>({ name: 'occurredDateUncertain' }) ?? false;
  const reported = useWatch<IncidentFieldsInput, 'reportedDate'>({ name: 'reportedDate' });
  const now = new Date().toISOString();

  const toggle = (checked: boolean) => {
    setValue('occurredDateUncertain', checked, { shouldDirty: true });
    const occurred = getValues('occurredDate');
    if (checked && typeof occurred === 'string' && occurred)
      setValue('occurredDate', startOfLocalDayIso(occurred), { shouldDirty: true });
  };

  return (
    <Box>
      <DateTimeField
        name="occurredDate"
        label="Date occurred"
        required
        kind={uncertain ? 'day' : 'dateTime'}
        max={uncertain ? now : earliest(now, reported)}
        helperText={uncertain ? 'Only the date is known.' : 'When it happened, as precisely as known.'}
      />
      <FormControlLabel
        label="uncertain"
        control={<Checkbox checked={uncertain} onChange={(event) => toggle(event.target.checked)} />}
      />
    </Box>
  );
}

/** A submit refused by the server is reported at the top of the form (spec 1 §2). */
function FlowError() {
  const { errors } = useFormState<IncidentFieldsInput>();
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}

interface WhenSectionProps {
  number: number | null;
  status: number;
}

/** When: titled with the incident number, plus 'Draft' while the working copy is a draft. */
export const WhenSection = memo(function WhenSection({ number, status }: WhenSectionProps) {
  const title = number === null ? 'When' : `When #${number}`;
  return (
    <FormSection
      title={title}
      help="When the incident was reported, and when it happened. Tick 'uncertain' when only the day is known. Dates cannot be in the future."
      fields={FIELDS}
      actions={status === INCIDENT_STATUS.DRAFT ? <Chip label="Draft" size="small" color="default" /> : undefined}
    >
      <FlowError />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <DateTimeField
          name="reportedDate"
          label="Date reported"
          required
          max={new Date().toISOString()}
          helperText="When it was reported to you."
        />
        <OccurredDateField />
      </Box>
    </FormSection>
  );
});
