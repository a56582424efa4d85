import type { LegalEntity, Person } from '@blotter/shared/schemas/incident-parts';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import { propertyOwnerOptions } from '../party-rules';
import type { IncidentPath } from './form-types';

/** A multi-select of the persons and legal entities on the incident (corrective action 'Involved persons'). */
export function InvolvedPersonsField({ name, label }: { name: IncidentPath; label: string }) {
  const { field, fieldState } = useController({ name });
  const options = useWatch({
    name: ['persons', 'companies'],
    compute: ([persons, companies]) =>
      propertyOwnerOptions((persons ?? []) as Person[], (companies ?? []) as LegalEntity[]),
  });
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  const names = new Map(options.map((option) => [option.id, option.name]));
  const errorMessage =
    fieldState.error?.message ??
    (Array.isArray(fieldState.error) ? fieldState.error.find((one) => one?.message)?.message : undefined);
  return (
    <TextField
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onBlur={field.onBlur}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        field.onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      error={Boolean(errorMessage)}
      helperText={errorMessage ?? (options.length === 0 ? 'Add persons or legal entities to the incident first.' : ' ')}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected as string[]).map((id) => names.get(id) ?? 'Unknown').join(', '),
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          <Checkbox checked={value.includes(option.id)} tabIndex={-1} disableRipple size="small" />
          <ListItemText primary={option.name} secondary={option.personType === 0 ? 'Person' : 'Legal entity'} />
        </MenuItem>
      ))}
    </TextField>
  );
}
