import type { SingleLookup } from '@blotter/shared/schemas/lookups';
import { ACTIVE_BAN_SUBJECTS, ACTIVE_BAN_TYPES } from '@blotter/shared/schemas/search';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ActiveBanDraft, CreatorDraft, CriterionDrafts, StatusDraft } from '../../model/criterion-drafts';
import { ACTIVE_BAN_SUBJECT_LABELS, ACTIVE_BAN_TYPE_LABELS } from '../../model/criterion-label';
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

/**
 * Active ban (issue 31): incidents naming a person, legal entity or vehicle with a ban, trespass
 * notice or watch in force today; the type and the kind of subject narrow it.
 */
export function ActiveBanForm({ value, onChange }: DraftFormProps<ActiveBanDraft>) {
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Finds incidents that name a person, legal entity or vehicle with a ban, trespass notice or watch in force today.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Ban type"
          value={value.banType}
          onChange={(event) => onChange({ ...value, banType: event.target.value as ActiveBanDraft['banType'] })}
          fullWidth
          size="small"
        >
          {ACTIVE_BAN_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {ACTIVE_BAN_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Subject"
          value={value.subjectKind}
          onChange={(event) => onChange({ ...value, subjectKind: event.target.value as ActiveBanDraft['subjectKind'] })}
          fullWidth
          size="small"
        >
          {ACTIVE_BAN_SUBJECTS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {ACTIVE_BAN_SUBJECT_LABELS[kind]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
