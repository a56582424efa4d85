import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
}

type FormSelectFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  /** A first option meaning "none" (stored as null), e.g. 'Not assigned'. */
  emptyLabel?: string;
  /** Called with the new value after the form value changed. */
  onValueChange?: (value: string) => void;
  /** Shown for a stored value that is not among the options (e.g. while the options load). */
  missingLabel?: string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'inputRef'>;

/**
 * A select bound to the surrounding react-hook-form. It is a native select: labelled, usable with
 * the keyboard and screen readers, and comfortable on phones.
 */
export function FormSelectField<T extends FieldValues>({
  name,
  label,
  options,
  emptyLabel,
  onValueChange,
  missingLabel = '(no longer offered)',
  helperText,
  slotProps,
  ...rest
}: FormSelectFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name });
  const value = typeof field.value === 'string' ? field.value : '';
  // A stored value that is no longer offered (an inactive lookup) still shows.
  const missing = value !== '' && !options.some((option) => option.value === value);
  return (
    <TextField
      {...rest}
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(event) => {
        const next = event.target.value;
        field.onChange(next === '' && emptyLabel !== undefined ? null : next);
        onValueChange?.(next);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {missing && <option value={value}>{missingLabel}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
