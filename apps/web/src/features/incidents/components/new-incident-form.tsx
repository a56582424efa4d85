import { LIMITS } from '@blotter/shared/constants';
import { type IncidentCore, type IncidentCoreInput, incidentCoreSchema } from '@blotter/shared/schemas/incidents';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { toastError } from '../../../lib/toast';
import { type IncidentCreated, useCreateIncident } from '../api/create-incident';
import {
  dateInputToIso,
  dateTimeInputToIso,
  isoToDateInput,
  isoToDateTimeInput,
  nowDateTimeInput,
  startOfLocalDayIso,
} from '../utils/date-input';
import { firstErrorMessage } from '../utils/first-error';
import { ClassPickerField } from './class-picker-field';

const FIELD_ORDER = ['reportedDate', 'occurredDate', 'lastClassId', 'summary'] as const;

interface NewIncidentFormProps {
  classTree: readonly LookupNode[];
  onSaved: (created: IncidentCreated) => void;
}

/** The When, What and Summary of a new incident (the full form comes later). */
export function NewIncidentForm({ classTree, onSaved }: NewIncidentFormProps) {
  const create = useCreateIncident();
  const { control, handleSubmit, setValue, getValues, watch } = useForm<IncidentCoreInput, unknown, IncidentCore>({
    resolver: zodResolver(incidentCoreSchema),
    mode: 'onTouched',
    defaultValues: {
      reportedDate: new Date().toISOString(),
      occurredDate: '',
      occurredDateUncertain: false,
      lastClassId: '',
      summary: '',
    },
  });
  const uncertain = watch('occurredDateUncertain') ?? false;
  const summaryLength = (watch('summary') ?? '').length;
  const maxDateTime = nowDateTimeInput();
  const maxDate = maxDateTime.slice(0, 10);

  const submit = handleSubmit(
    (incident) => create.mutate(incident, { onSuccess: onSaved }),
    (errors) => {
      const message = firstErrorMessage(errors, FIELD_ORDER);
      if (message) toastError(message);
    },
  );

  const toggleUncertain = (checked: boolean) => {
    setValue('occurredDateUncertain', checked, { shouldDirty: true });
    const occurred = getValues('occurredDate');
    if (checked && occurred) setValue('occurredDate', startOfLocalDayIso(occurred), { shouldValidate: true });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="New incident">
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h2" component="h2" gutterBottom>
            When
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Controller
              control={control}
              name="reportedDate"
              render={({ field, fieldState }) => (
                <TextField
                  label="Date reported"
                  type="datetime-local"
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={isoToDateTimeInput(field.value)}
                  onChange={(event) => field.onChange(dateTimeInputToIso(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: maxDateTime } }}
                />
              )}
            />
            <Box>
              <Controller
                control={control}
                name="occurredDate"
                render={({ field, fieldState }) => (
                  <TextField
                    label="Date occurred"
                    type={uncertain ? 'date' : 'datetime-local'}
                    required
                    name={field.name}
                    inputRef={field.ref}
                    value={uncertain ? isoToDateInput(field.value) : isoToDateTimeInput(field.value)}
                    onChange={(event) =>
                      field.onChange(
                        uncertain ? dateInputToIso(event.target.value) : dateTimeInputToIso(event.target.value),
                      )
                    }
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? (uncertain ? 'Only the date is known.' : undefined)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: uncertain ? maxDate : maxDateTime } }}
                  />
                )}
              />
              <FormControlLabel
                label="uncertain"
                control={<Checkbox checked={uncertain} onChange={(event) => toggleUncertain(event.target.checked)} />}
              />
            </Box>
          </Box>
        </Paper>

        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h2" component="h2" gutterBottom>
            What
          </Typography>
          <Controller
            control={control}
            name="lastClassId"
            render={({ field, fieldState }) => (
              <ClassPickerField
                label="What"
                required
                tree={classTree}
                value={field.value ?? ''}
                onChange={(id) => field.onChange(id)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Paper>

        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h2" component="h2" gutterBottom>
            Summary
          </Typography>
          <Controller
            control={control}
            name="summary"
            render={({ field, fieldState }) => (
              <TextField
                label="Summary"
                multiline
                minRows={5}
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? `${summaryLength} / ${LIMITS.richTextMax}`}
                slotProps={{ htmlInput: { maxLength: LIMITS.richTextMax } }}
              />
            )}
          />
        </Paper>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
            Save
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
