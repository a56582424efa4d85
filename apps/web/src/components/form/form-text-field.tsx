import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
} & Omit<TextFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'>;

/**
 * A text field bound to the surrounding react-hook-form; it shows its error (after a touch or a
 * submit attempt, as the form's mode decides) in place of the helper text, on a line kept free for
 * it, so nothing below moves under the pointer. Only this field re-renders while the person types.
 */
export function FormTextField<T extends FieldValues>({ name, label, helperText, ...rest }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name });
  return (
    <TextField
      {...rest}
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
    />
  );
}
