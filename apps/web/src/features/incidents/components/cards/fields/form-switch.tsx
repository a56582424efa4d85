import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useController } from 'react-hook-form';
import type { IncidentPath } from './form-types';

interface FormSwitchProps {
  name: IncidentPath;
  label: string;
  disabled?: boolean;
  /** Replaces the default change (the form value) when the switch does more, e.g. Owner. */
  onToggle?: (checked: boolean) => void;
}

/** A labelled on/off switch bound to a boolean of the incident form. */
export function FormSwitch({ name, label, disabled, onToggle }: FormSwitchProps) {
  const { field } = useController({ name });
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Switch
          name={field.name}
          slotProps={{ input: { ref: field.ref } }}
          checked={field.value === true}
          onChange={(event) => (onToggle ? onToggle(event.target.checked) : field.onChange(event.target.checked))}
          onBlur={field.onBlur}
        />
      }
    />
  );
}
