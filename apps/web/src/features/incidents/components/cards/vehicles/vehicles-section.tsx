import type { AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import { vehicleSchema } from '@blotter/shared/schemas/incident-parts';
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
import { VehicleCard } from './vehicle-card';

const FIELDS = ['vehicles'] as const;

/** 'Vehicles (n)': vehicles involved, each with an owner and attachments. */
export function VehiclesSection({ workingCopyId }: SectionProps) {
  const { control, getValues, setValue } = useIncidentForm();
  const { fields, append, remove } = useFieldArray({ control, name: 'vehicles', keyName: 'key' });

  const add = () => {
    const plates = (getValues('vehicles') ?? []).map((vehicle) => vehicle.licensePlate ?? '');
    append(vehicleSchema.parse({ id: newCardId(), licensePlate: nextRunningName('Vehicle', plates) }), {
      focusName: `vehicles.${fields.length}.licensePlate`,
    });
  };

  const removeCard = useCallback(
    (index: number) => {
      const id = getValues(`vehicles.${index}.id`);
      remove(index);
      // Its files stay with the incident (deleting stored files needs a privilege of its own).
      const attachments = (getValues('attachments') ?? []) as AttachmentRef[];
      if (attachments.some((ref) => ref.incidentVehicleId === id)) {
        setValue(
          'attachments',
          attachments.map((ref) => (ref.incidentVehicleId === id ? { ...ref, incidentVehicleId: null } : ref)),
          { shouldDirty: true },
        );
      }
    },
    [getValues, remove, setValue],
  );

  return (
    <FormSection
      title={`Vehicles (${fields.length})`}
      help="Vehicles involved: plate, description, how it was involved and who owns it."
      fields={FIELDS}
      actions={
        <Button startIcon={<AddIcon />} onClick={add}>
          Add vehicle
        </Button>
      }
    >
      <Stack spacing={2}>
        {fields.map((field, index) => (
          <VehicleCard key={field.key} index={index} workingCopyId={workingCopyId} onRemove={removeCard} />
        ))}
      </Stack>
    </FormSection>
  );
}
