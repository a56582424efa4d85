import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { asText, type IncidentPath } from './form-types';

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: IncidentPath;
  /** Called after the form value changed (e.g. to reset the duplication check). */
  onValueChange?: (value: string) => void;
  maxLength?: number;
};

/** A text field bound to the incident form; shows the form's error for the field under it. */
export function FormTextField({ name, onValueChange, maxLength, helperText, slotProps, ...props }: FormTextFieldProps) {
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={asText(field.value)}
      onChange={(event) => {
        field.onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      slotProps={{ ...slotProps, htmlInput: { maxLength, ...slotProps?.htmlInput } }}
    />
  );
}
