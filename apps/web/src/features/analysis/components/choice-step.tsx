import { RadioChoiceField } from '../../../components/form/radio-choice-field';

interface ChoiceStepProps<T extends string> {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | '';
  onChange: (value: T) => void;
}

/** A step that is one choice among a few (frequency, report type), as radio buttons. */
export function ChoiceStep<T extends string>({ label, options, labels, value, onChange }: ChoiceStepProps<T>) {
  return (
    <RadioChoiceField
      label={label}
      options={options.map((option) => ({ value: option, label: labels[option] }))}
      value={value}
      onChange={onChange}
    />
  );
}
