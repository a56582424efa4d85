import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type ReactNode, useId } from 'react';

interface RadioChoiceFieldProps<T extends string> {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T) => void;
  /** The buttons side by side rather than one a line. */
  row?: boolean;
  /** Shown under the buttons (e.g. the number typed in for 'Other'). */
  children?: ReactNode;
}

/** One choice among a few, as radio buttons in a fieldset named by its legend. */
export function RadioChoiceField<T extends string>({
  label,
  options,
  value,
  onChange,
  row,
  children,
}: RadioChoiceFieldProps<T>) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      <RadioGroup row={row} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
      {children}
    </FormControl>
  );
}
