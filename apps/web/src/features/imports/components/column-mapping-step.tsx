import {
  IMPORT_ENTITIES,
  type ImportDetail,
  type ImportEntity,
  type ImportField,
  type ImportSheetMapping,
} from '@blotter/shared/schemas/imports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSaveImportMapping } from '../api/save-import-mapping';
import { ENTITY_LABELS, fieldsOf, mappedTwice, mappingProblems, missingRequired } from '../model/column-mapping';
import { plural } from '../model/import-steps';

const IGNORE = '';
/** The empty choice ('Not imported', 'Ignore this sheet') is shown, under a label kept above it. */
const SHOW_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The sheets' mapping as saved, with every sheet and header of the file present. */
function initialSheets(detail: ImportDetail): ImportSheetMapping[] {
  return detail.sheets.map((sheet) => {
    const saved = detail.mapping.sheets.find((mapping) => mapping.name === sheet.name);
    const columns: Record<string, string | null> = {};
    for (const header of sheet.headers) columns[header] = saved?.columns[header] ?? null;
    return { name: sheet.name, entity: saved?.entity ?? null, columns };
  });
}

interface StepProps {
  detail: ImportDetail;
  fields: readonly ImportField[];
  onBack: () => void;
  onSaved: () => void;
}

/** Map columns: what each sheet's rows are, and the field each header fills (guessed ones pre-filled). */
export function ColumnMappingStep({ detail, fields, onBack, onSaved }: StepProps) {
  const [sheets, setSheets] = useState(() => initialSheets(detail));
  const [tried, setTried] = useState(false);
  const save = useSaveImportMapping(detail.id);
  const problems = mappingProblems(sheets, fields);
  const change = (index: number, next: ImportSheetMapping) =>
    setSheets((current) => current.map((sheet, at) => (at === index ? next : sheet)));

  const submit = () => {
    setTried(true);
    if (problems.length > 0) return;
    save.mutate({ sheets, values: detail.mapping.values }, { onSuccess: onSaved });
  };

  return (
    <Stack spacing={2}>
      {sheets.map((sheet, index) => (
        <SheetMapping
          key={sheet.name}
          sheet={sheet}
          rowCount={detail.sheets[index]?.rowCount ?? 0}
          fields={fields}
          onChange={(next) => change(index, next)}
        />
      ))}
      {tried && problems.length > 0 && (
        <Alert severity="error">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}
      {save.isError && <Alert severity="error">{save.error.message}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onBack}>Back</Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          Save mapping and continue
        </Button>
      </Box>
    </Stack>
  );
}

interface SheetProps {
  sheet: ImportSheetMapping;
  rowCount: number;
  fields: readonly ImportField[];
  onChange: (next: ImportSheetMapping) => void;
}

function SheetMapping({ sheet, rowCount, fields, onChange }: SheetProps) {
  const entityFields = fieldsOf(fields, sheet.entity);
  const missing = missingRequired(sheet, fields);
  const twice = mappedTwice(sheet);
  const setEntity = (value: string) => {
    const entity = (IMPORT_ENTITIES as readonly string[]).includes(value) ? (value as ImportEntity) : null;
    const keys = new Set(fieldsOf(fields, entity).map((field) => field.key));
    const columns = Object.fromEntries(
      Object.entries(sheet.columns).map(([header, key]) => [header, key && keys.has(key) ? key : null]),
    );
    onChange({ ...sheet, entity, columns });
  };
  return (
    <Paper variant="outlined" component="section" aria-label={`Sheet ${sheet.name}`} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500 }}>
          {sheet.name}{' '}
          <Typography component="span" sx={{ color: 'text.secondary' }}>
            ({plural(rowCount, 'row')})
          </Typography>
        </Typography>
        <TextField
          select
          size="small"
          label="These rows are"
          value={sheet.entity ?? IGNORE}
          slotProps={SHOW_EMPTY}
          onChange={(event) => setEntity(event.target.value)}
          fullWidth={false}
          sx={{ width: 240 }}
        >
          {IMPORT_ENTITIES.map((entity) => (
            <MenuItem key={entity} value={entity}>
              {ENTITY_LABELS[entity]}
            </MenuItem>
          ))}
          <MenuItem value={IGNORE}>Ignore this sheet</MenuItem>
        </TextField>
      </Box>
      {sheet.entity && missing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Required fields not mapped: {missing.join(', ')}.
        </Alert>
      )}
      {sheet.entity && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 }}>
          {Object.entries(sheet.columns).map(([header, key]) => {
            const duplicate = key !== null && twice.has(key);
            return (
              <TextField
                key={header}
                select
                size="small"
                label={header}
                value={key ?? IGNORE}
                slotProps={SHOW_EMPTY}
                error={duplicate}
                helperText={duplicate ? 'This field is mapped to more than one column.' : undefined}
                onChange={(event) =>
                  onChange({ ...sheet, columns: { ...sheet.columns, [header]: event.target.value || null } })
                }
              >
                <MenuItem value={IGNORE}>
                  <em>Not imported</em>
                </MenuItem>
                {entityFields.map((field) => (
                  <MenuItem key={field.key} value={field.key}>
                    {field.label}
                    {field.required ? ' *' : ''}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
