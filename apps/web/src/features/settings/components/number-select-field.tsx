import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';

type NumberSelectFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  options: readonly { value: number; label: string }[];
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'select'>;

/** A native select of numeric choices (measurement type, date format, auto-logout seconds). */
export function NumberSelectField<T extends FieldValues>({ name, label, options, ...rest }: NumberSelectFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name });
  return (
    <TextField
      {...rest}
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={String(field.value ?? '')}
      onChange={(event) => field.onChange(Number(event.target.value))}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ' '}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
