import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { memo, useMemo } from 'react';
import { FormSelectField } from '../../../../components/form/form-select-field';
import { useInvestigators } from '../../api/get-investigators';

/** The form's header: who entered the incident (read-only) and its investigator. */
export const FormHeader = memo(function FormHeader({ enteredBy }: { enteredBy: string }) {
  const investigators = useInvestigators();
  const options = useMemo(
    () => (investigators.data ?? []).map((user) => ({ value: user.id, label: user.name })),
    [investigators.data],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label="Entered by"
        value={enteredBy || 'Unknown'}
        fullWidth
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        helperText="The person who entered the incident."
      />
      <FormSelectField<IncidentFieldsInput>
        name="assignedUserId"
        label="Incident Investigator"
        options={options}
        emptyLabel="Not assigned"
        disabled={investigators.isPending}
        missingLabel={investigators.isPending ? 'Loading…' : 'A user who can no longer investigate'}
        helperText="Who investigates the incident."
        fullWidth
      />
    </Box>
  );
});
