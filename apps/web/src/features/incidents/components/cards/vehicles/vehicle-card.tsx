import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import Box from '@mui/material/Box';
import { memo, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { AttachmentList } from '../attachments/attachment-list';
import { CardFrame, CardGrid, CardGroup, type CardName } from '../card-frame';
import { FormTextField } from '../fields/form-text-field';
import { asText } from '../fields/form-types';
import { LookupSelectField } from '../fields/lookup-select-field';
import { OwnerSelectField } from '../fields/owner-select-field';

interface VehicleCardProps {
  index: number;
  workingCopyId: string;
  onRemove: (index: number) => void;
}

/** A vehicle on the incident, with its owner and its own attachments (spec 1 §3 Vehicle). */
export const VehicleCard = memo(function VehicleCard({ index, workingCopyId, onRemove }: VehicleCardProps) {
  const base = `vehicles.${index}` as const;
  const label = `Vehicle ${index + 1}`;
  const id = useWatch({ name: `${base}.id` });
  const cardName = useMemo<CardName>(
    () => ({ paths: [`${base}.licensePlate`], compute: ([value]) => asText(value) }),
    [base],
  );
  return (
    <CardFrame
      label={label}
      name={cardName}
      removeMessage={(name) => `Are you sure you want to remove ${name}? Its attachments stay with the incident.`}
      onRemove={() => onRemove(index)}
      path={base}
      adornment={<DirectionsCarIcon color="action" />}
    >
      <CardGrid>
        <FormTextField name={`${base}.licensePlate`} label="License plate" maxLength={20} />
        <FormTextField name={`${base}.stateProvince`} label="State / Province" maxLength={50} />
        <FormTextField name={`${base}.maker`} label="Make" maxLength={45} />
        <FormTextField name={`${base}.model`} label="Model" maxLength={45} />
        <FormTextField name={`${base}.color`} label="Colour" maxLength={45} />
        <FormTextField name={`${base}.vin`} label="VIN" maxLength={30} />
        <LookupSelectField name={`${base}.involvementId`} label="Involvement" type="vehicleInvolvement" />
        <OwnerSelectField name={`${base}.ownerPersonId`} />
      </CardGrid>
      <Box sx={{ mt: 2 }}>
        <FormTextField name={`${base}.comments`} label="Comments" multiline minRows={2} maxLength={500} />
      </Box>
      <CardGroup title="Attachments">
        <AttachmentList workingCopyId={workingCopyId} scope={{ incidentVehicleId: asText(id), incidentItemId: null }} />
      </CardGroup>
    </CardFrame>
  );
});
