import { PARTY_RELATIONS, type PartyRelation, SEARCH_LIMITS } from '@blotter/shared/schemas/search';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { RELATION_LABELS } from '../../model/criterion-label';

/** The props of a search type's form: what it holds and the change of it. */
export interface DraftFormProps<Draft> {
  value: Draft;
  onChange: (next: Draft) => void;
}

/** A text field of a criterion form (search texts are at most 100 characters). */
export function DraftTextField({
  label,
  value,
  onChange,
  inputMode,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'text';
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      size="small"
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { maxLength: SEARCH_LIMITS.text, inputMode } }}
    />
  );
}

export function DraftCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
    />
  );
}

/** A labelled group of checkboxes choosing some of `options` (months, weekdays, relations). */
export function CheckboxGroup<Value extends string | number>({
  label,
  options,
  value,
  onChange,
  row = true,
}: {
  label: string;
  options: readonly { value: Value; label: string }[];
  value: readonly Value[];
  onChange: (next: Value[]) => void;
  row?: boolean;
}) {
  const labelId = useId();
  const toggle = (option: Value, on: boolean) =>
    onChange(on ? [...value, option] : value.filter((chosen) => chosen !== option));
  return (
    <FormControl component="fieldset" aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      <FormGroup row={row}>
        {options.map((option) => (
          <DraftCheckbox
            key={String(option.value)}
            label={option.label}
            checked={value.includes(option.value)}
            onChange={(on) => toggle(option.value, on)}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/** The relations a person (all six) or a legal entity (reporter, victim, subject) may have (spec 2 §3). */
export function RelationsField({
  value,
  onChange,
  relations = PARTY_RELATIONS,
}: {
  value: readonly PartyRelation[];
  onChange: (next: PartyRelation[]) => void;
  relations?: readonly PartyRelation[];
}) {
  return (
    <CheckboxGroup
      label="Relations"
      options={relations.map((relation) => ({ value: relation, label: RELATION_LABELS[relation] }))}
      value={value}
      onChange={onChange}
    />
  );
}
