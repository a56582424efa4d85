import type { ImportDetail, ImportMapping, ImportValue } from '@blotter/shared/schemas/imports';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useInitData } from '../../../lib/api/get-init-data';
import { useImportPreview } from '../api/get-import-preview';
import { useSaveImportMapping } from '../api/save-import-mapping';
import { plural } from '../model/import-steps';
import {
  choicesOfType,
  createAllMissing,
  currentTarget,
  groupByField,
  type LookupChoice,
  valuesToSave,
  withTarget,
} from '../model/value-mapping';
import { ValueTargetField } from './value-target-field';

interface StepProps {
  detail: ImportDetail;
  onBack: () => void;
  onSaved: () => void;
}

/** Map values: each lookup value of the file to an existing item, a new one, or nothing. */
export function ValueMappingStep({ detail, onBack, onSaved }: StepProps) {
  const preview = useImportPreview(detail.id);
  const initData = useInitData();
  const [chosen, setChosen] = useState<ImportMapping['values']>({});
  const save = useSaveImportMapping(detail.id);
  if (preview.isError) return <Alert severity="error">{preview.error.message}</Alert>;
  if (!preview.data || !initData.data) return <PageLoader />;
  const values = preview.data.values;
  const groups = groupByField(values);
  const missing = values.filter((value) => !value.match && !currentTarget(value, chosen)).length;

  const submit = () =>
    save.mutate({ sheets: detail.mapping.sheets, values: valuesToSave(values, chosen) }, { onSuccess: onSaved });

  return (
    <Stack spacing={2}>
      {groups.length === 0 && <Typography>The mapped columns hold no lookup values.</Typography>}
      {missing > 0 && (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => setChosen((current) => createAllMissing(values, current))}
            >
              Create all missing
            </Button>
          }
        >
          {plural(missing, 'value')} {missing === 1 ? 'matches' : 'match'} no lookup item yet: choose one, create it, or
          leave the field empty.
        </Alert>
      )}
      {groups.map((group) => (
        <FieldValues
          key={`${group.lookupType}-${group.label}`}
          label={group.label}
          values={group.values}
          choices={choicesOfType(initData.data, group.lookupType)}
          chosen={chosen}
          onChosen={setChosen}
        />
      ))}
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onBack}>Back</Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          Save values and continue
        </Button>
      </Box>
    </Stack>
  );
}

interface FieldValuesProps {
  label: string;
  values: ImportValue[];
  choices: LookupChoice[];
  chosen: ImportMapping['values'];
  onChosen: (next: ImportMapping['values']) => void;
}

/** A field's values: the unmatched ones open, the matched ones collapsed. */
function FieldValues({ label, values, choices, chosen, onChosen }: FieldValuesProps) {
  const unmatched = values.filter((value) => !value.match);
  const matched = values.filter((value) => value.match);
  const field = (value: ImportValue) => (
    <ValueTargetField
      key={value.value}
      value={value}
      target={currentTarget(value, chosen)}
      choices={choices}
      onChange={(target) => onChosen(withTarget(chosen, value, target))}
    />
  );
  const grid = {
    display: 'grid',
    gridTemplateColumns: 'minmax(160px, 1fr) minmax(280px, 2fr)',
    columnGap: 3,
    rowGap: 2,
    alignItems: 'center',
  } as const;
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500, mb: 2 }}>
        {label}
      </Typography>
      {unmatched.length > 0 ? (
        <Box sx={grid}>{unmatched.map(field)}</Box>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>Every value matches a lookup item.</Typography>
      )}
      {matched.length > 0 && (
        <Accordion variant="outlined" disableGutters sx={{ mt: 2 }} slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>Matched values ({matched.length})</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Box sx={grid}>{matched.map(field)}</Box>
          </AccordionDetails>
        </Accordion>
      )}
    </Paper>
  );
}
