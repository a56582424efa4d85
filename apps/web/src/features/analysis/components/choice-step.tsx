import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

interface ChoiceStepProps<T extends string> {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | '';
  onChange: (value: T) => void;
}

/** A step that is one choice among a few (frequency, report type), as radio buttons. */
export function ChoiceStep<T extends string>({ label, options, labels, value, onChange }: ChoiceStepProps<T>) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      <RadioGroup value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={labels[option]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
