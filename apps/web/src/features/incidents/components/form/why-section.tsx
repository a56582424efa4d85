import type { LookupNode } from '@blotter/shared/schemas/lookups';
import Stack from '@mui/material/Stack';
import { memo } from 'react';
import { FormSection } from './form-section';
import { LookupTreeField } from './lookup-tree-field';
import { RichTextField } from './rich-text-field';

const FIELDS = ['primaryCauseId', 'causeComments'] as const;

/** Why: the root cause (a node of the cause tree) and comments on the cause. */
export const WhySection = memo(function WhySection({ causeTree }: { causeTree: readonly LookupNode[] }) {
  return (
    <FormSection
      title="Why"
      help="Why it happened: choose the root cause and describe what led to the incident."
      fields={FIELDS}
    >
      <Stack spacing={2}>
        <LookupTreeField
          name="primaryCauseId"
          label="Root cause"
          tree={causeTree}
          dialogTitle="Choose the root cause"
        />
        <RichTextField
          name="causeComments"
          label="Cause comments"
          placeholder="What led to the incident, and what could prevent it."
        />
      </Stack>
    </FormSection>
  );
});
