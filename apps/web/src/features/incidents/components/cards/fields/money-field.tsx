import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { centsToDollarsText, dollarsTextToCents } from '../money';
import type { IncidentPath } from './form-types';

/** A money field: dollars with a '$' prefix on screen, cents in the form (spec 1 §2 item value). */
export function MoneyField({ name, label }: { name: IncidentPath; label: string }) {
  const { field, fieldState } = useController({ name });
  const cents = typeof field.value === 'number' ? field.value : null;
  const [text, setText] = useState(() => centsToDollarsText(cents));

  // A value set from outside (a loaded draft) replaces what is shown.
  useEffect(() => {
    setText((current) => (dollarsTextToCents(current) === cents ? current : centsToDollarsText(cents)));
  }, [cents]);

  return (
    <TextField
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(event) => {
        const next = dollarsTextToCents(event.target.value);
        if (next === undefined) return;
        setText(event.target.value);
        field.onChange(next);
      }}
      onBlur={() => {
        setText(centsToDollarsText(cents));
        field.onBlur();
      }}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ' '}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );
}
