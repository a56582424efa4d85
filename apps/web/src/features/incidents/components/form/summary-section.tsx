import { memo } from 'react';
import { FormSection } from './form-section';
import { RichTextField } from './rich-text-field';

const FIELDS = ['summary'] as const;

/** Summary: the account of the incident, as rich text. */
export const SummarySection = memo(function SummarySection() {
  return (
    <FormSection
      title="Summary"
      help="Describe the incident in your own words: what happened, in what order, and what was done about it."
      fields={FIELDS}
    >
      <RichTextField name="summary" label="Summary" placeholder="Describe the incident." />
    </FormSection>
  );
});
