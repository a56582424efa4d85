import type { ImportValue, ImportValueTarget } from '@blotter/shared/schemas/imports';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { plural } from '../model/import-steps';
import type { LookupChoice } from '../model/value-mapping';

type Option = { kind: 'existing'; id: string; path: string } | { kind: 'create' } | { kind: 'ignore' };

function optionOf(target: ImportValueTarget | null, choices: readonly LookupChoice[]): Option | null {
  if (!target) return null;
  if (target.action === 'create') return { kind: 'create' };
  if (target.action === 'ignore') return { kind: 'ignore' };
  const choice = choices.find((item) => item.id === target.lookupId);
  return choice ? { kind: 'existing', id: choice.id, path: choice.path } : null;
}

function targetOf(option: Option): ImportValueTarget {
  if (option.kind === 'existing') return { action: 'existing', lookupId: option.id };
  return { action: option.kind };
}

const sameOption = (a: Option, b: Option) =>
  a.kind === b.kind && (a.kind !== 'existing' || (b.kind === 'existing' && a.id === b.id));

interface ValueTargetFieldProps {
  value: ImportValue;
  target: ImportValueTarget | null;
  choices: readonly LookupChoice[];
  onChange: (target: ImportValueTarget) => void;
}

/** One source value and its target (two cells of the values' grid): an existing item found by its path, 'Create "…"', or 'Leave empty'. */
export function ValueTargetField({ value, target, choices, onChange }: ValueTargetFieldProps) {
  const options: Option[] = [
    { kind: 'create' },
    { kind: 'ignore' },
    ...choices.map((choice) => ({ kind: 'existing' as const, id: choice.id, path: choice.path })),
  ];
  const label = (option: Option) => {
    if (option.kind === 'create') return `Create "${value.value}"`;
    if (option.kind === 'ignore') return 'Leave empty';
    return option.path;
  };
  return (
    <>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{value.value}</Typography>
        <Typography variant="body2" sx={{ color: target ? 'text.secondary' : 'warning.dark' }}>
          {plural(value.rowCount, 'row')}
          {target ? '' : ' · not mapped yet: the field stays empty'}
        </Typography>
      </Box>
      <Autocomplete
        size="small"
        options={options}
        value={optionOf(target, choices)}
        getOptionLabel={label}
        getOptionKey={(option) => (option.kind === 'existing' ? option.id : option.kind)}
        isOptionEqualToValue={sameOption}
        disableClearable={target !== null}
        onChange={(_event, option) => option && onChange(targetOf(option))}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Maps to"
            placeholder="Type to find an item"
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': `${value.value} maps to` },
            }}
          />
        )}
      />
    </>
  );
}
