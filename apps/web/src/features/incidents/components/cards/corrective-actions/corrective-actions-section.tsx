import { correctiveActionSchema } from '@blotter/shared/schemas/incident-parts';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFieldArray } from 'react-hook-form';
import { FormSection } from '../../form/form-section';
import { useIncidentForm } from '../fields/form-types';
import { newCardId } from '../new-card-id';
import type { SectionProps } from '../section-props';
import { CorrectiveActionCard } from './corrective-action-card';

const FIELDS = ['correctiveActions'] as const;

/** 'Corrective actions': what was done about the incident, including referrals. */
export function CorrectiveActionsSection(_props: SectionProps) {
  const { control } = useIncidentForm();
  const { fields, append, remove } = useFieldArray({ control, name: 'correctiveActions', keyName: 'key' });
  return (
    <FormSection
      title="Corrective actions"
      help="What was done in response: the type of action, who was involved and the details. A referral names the department or agency and a contact person."
      fields={FIELDS}
      actions={
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            append(correctiveActionSchema.parse({ id: newCardId() }), {
              focusName: `correctiveActions.${fields.length}.typeId`,
            })
          }
        >
          Add corrective action
        </Button>
      }
    >
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <CorrectiveActionCard key={field.key} index={index} onRemove={remove} />
        ))}
      </Stack>
    </FormSection>
  );
}
