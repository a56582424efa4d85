import type { AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import { itemSchema } from '@blotter/shared/schemas/incident-parts';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback } from 'react';
import { useFieldArray } from 'react-hook-form';
import { FormSection } from '../../form/form-section';
import { useIncidentForm } from '../fields/form-types';
import { newCardId } from '../new-card-id';
import { nextRunningName } from '../running-number';
import type { SectionProps } from '../section-props';
import { ItemCard } from './item-card';

const FIELDS = ['items'] as const;

/** 'Items': property lost, damaged, stolen or found, each with its value, owner and attachments. */
export function ItemsSection({ workingCopyId }: SectionProps) {
  const { control, getValues, setValue } = useIncidentForm();
  const { fields, append, remove } = useFieldArray({ control, name: 'items', keyName: 'key' });

  const add = () => {
    const names = (getValues('items') ?? []).map((item) => item.name ?? '');
    append(itemSchema.parse({ id: newCardId(), name: nextRunningName('Item', names) }), {
      focusName: `items.${fields.length}.name`,
    });
  };

  const removeCard = useCallback(
    (index: number) => {
      const id = getValues(`items.${index}.id`);
      remove(index);
      // Its files stay with the incident (deleting stored files needs a privilege of its own).
      const attachments = (getValues('attachments') ?? []) as AttachmentRef[];
      if (attachments.some((ref) => ref.incidentItemId === id)) {
        setValue(
          'attachments',
          attachments.map((ref) => (ref.incidentItemId === id ? { ...ref, incidentItemId: null } : ref)),
          { shouldDirty: true },
        );
      }
    },
    [getValues, remove, setValue],
  );

  return (
    <FormSection
      title="Items"
      help="Property lost, damaged, stolen or found: describe it, give its value and its owner."
      fields={FIELDS}
      actions={
        <Button startIcon={<AddIcon />} onClick={add}>
          Add item
        </Button>
      }
    >
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <ItemCard key={field.key} index={index} workingCopyId={workingCopyId} onRemove={removeCard} />
        ))}
      </Stack>
    </FormSection>
  );
}
