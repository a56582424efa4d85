import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import type { IncidentPath } from './form-types';

export interface SelectOption {
  value: string;
  label: string;
  /** Offered only while it is the current value (an inactive lookup entry chosen earlier). */
  hidden?: boolean;
}

type FormSelectFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'select' | 'error'> & {
  name: IncidentPath;
  options: readonly SelectOption[];
  /** The label of the empty choice ('None'); omit for no empty choice. */
  emptyLabel?: string;
  /** Stores '' instead of null for the empty choice (text fields such as item status). */
  emptyValue?: '' | null;
  onValueChange?: (value: string | null) => void;
};

/** A select bound to the incident form; ids are stored as strings, the empty choice as null. */
export function FormSelectField({
  name,
  options,
  emptyLabel,
  emptyValue = null,
  onValueChange,
  helperText,
  ...props
}: FormSelectFieldProps) {
  const { field, fieldState } = useController({ name });
  const value = typeof field.value === 'string' ? field.value : '';
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <TextField
      {...props}
      select
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(event) => {
        const next = event.target.value === '' ? emptyValue : event.target.value;
        field.onChange(next);
        onValueChange?.(next);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options
        .filter((option) => !option.hidden || option.value === value)
        .map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      {!known && (
        // A value that is no longer offered (an inactive lookup, a removed owner) stays visible.
        <MenuItem value={value}>Unknown</MenuItem>
      )}
    </TextField>
  );
}
