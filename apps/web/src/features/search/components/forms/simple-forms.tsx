import type { SingleLookup } from '@blotter/shared/schemas/lookups';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreatorDraft, CriterionDrafts, StatusDraft } from '../../model/criterion-drafts';
import { DraftCheckbox, type DraftFormProps, DraftTextField } from './draft-fields';

export function IncidentNumberForm({ value, onChange }: DraftFormProps<CriterionDrafts['incidentNumber']>) {
  return (
    <DraftTextField
      label="Incident number"
      value={value.number}
      inputMode="numeric"
      onChange={(number) => onChange({ number })}
    />
  );
}

export function SeverityForm({
  value,
  onChange,
  severities,
}: DraftFormProps<CriterionDrafts['severity']> & { severities: readonly SingleLookup[] }) {
  return (
    <TextField
      select
      label="Severity"
      value={value.lookupId}
      onChange={(event) => onChange({ lookupId: event.target.value })}
      fullWidth
      size="small"
    >
      {severities.map((severity) => (
        <MenuItem key={severity.id} value={severity.id}>
          {severity.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Open and Closed (spec 2 §3: 1 Open, 2 Closed); none chosen adds nothing. */
export function StatusForm({ value, onChange }: DraftFormProps<StatusDraft>) {
  return (
    <FormGroup row aria-label="Status">
      <DraftCheckbox label="Open" checked={value.open} onChange={(open) => onChange({ ...value, open })} />
      <DraftCheckbox label="Closed" checked={value.closed} onChange={(closed) => onChange({ ...value, closed })} />
    </FormGroup>
  );
}

/** Entered by: the name of the user who entered the incident. */
export function CreatorForm({ value, onChange }: DraftFormProps<CreatorDraft>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <DraftTextField
        label="First name"
        value={value.firstName}
        onChange={(firstName) => onChange({ ...value, firstName })}
      />
      <DraftTextField
        label="Last name"
        value={value.lastName}
        onChange={(lastName) => onChange({ ...value, lastName })}
      />
    </Stack>
  );
}
