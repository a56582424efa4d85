import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import type { LookupNode, SingleLookup } from '@blotter/shared/schemas/lookups';
import Box from '@mui/material/Box';
import { memo, useMemo } from 'react';
import { FormSelectField } from '../../../../components/form/form-select-field';
import { activeOptions } from '../../../../lib/lookup-tree';
import { FormSection } from './form-section';
import { LookupTreeField } from './lookup-tree-field';

const FIELDS = ['lastClassId', 'severityId'] as const;

interface WhatSectionProps {
  classTree: readonly LookupNode[];
  severities: readonly SingleLookup[];
}

/** What: the incident class (a node of the class tree) and its severity. */
export const WhatSection = memo(function WhatSection({ classTree, severities }: WhatSectionProps) {
  const options = useMemo(() => activeOptions(severities), [severities]);
  return (
    <FormSection
      title="What"
      help="What happened: choose the most specific class that fits, and how severe it was."
      fields={FIELDS}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <LookupTreeField name="lastClassId" label="What" tree={classTree} dialogTitle="Choose what happened" required />
        <FormSelectField<IncidentFieldsInput>
          name="severityId"
          label="Severity"
          options={options}
          emptyLabel="Not specified"
          fullWidth
        />
      </Box>
    </FormSection>
  );
});
