import { itemStatusLabel } from '@blotter/shared/presentation';
import { ITEM_STATUSES } from '@blotter/shared/schemas/incident-parts';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import Box from '@mui/material/Box';
import { memo, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { AttachmentList } from '../attachments/attachment-list';
import { CardFrame, CardGrid, CardGroup, type CardName } from '../card-frame';
import { FormSelectField } from '../fields/form-select-field';
import { FormTextField } from '../fields/form-text-field';
import { asText } from '../fields/form-types';
import { MoneyField } from '../fields/money-field';
import { OwnerSelectField } from '../fields/owner-select-field';

const STATUS_OPTIONS = ITEM_STATUSES.map((status) => ({
  value: status,
  label: itemStatusLabel(status),
}));

interface ItemCardProps {
  index: number;
  workingCopyId: string;
  onRemove: (index: number) => void;
}

/** An item (property) on the incident: status, description, value, owner and attachments (spec 1 §3 Item). */
export const ItemCard = memo(function ItemCard({ index, workingCopyId, onRemove }: ItemCardProps) {
  const base = `items.${index}` as const;
  const label = `Item ${index + 1}`;
  const id = useWatch({ name: `${base}.id` });
  const cardName = useMemo<CardName>(() => ({ paths: [`${base}.name`], compute: ([value]) => asText(value) }), [base]);
  return (
    <CardFrame
      label={label}
      name={cardName}
      removeMessage={(name) => `Are you sure you want to remove ${name}? Its attachments stay with the incident.`}
      onRemove={() => onRemove(index)}
      path={base}
      adornment={<Inventory2Icon color="action" />}
    >
      <CardGrid>
        <FormTextField name={`${base}.name`} label="Name" maxLength={100} />
        <FormSelectField
          name={`${base}.status`}
          label="Status"
          options={STATUS_OPTIONS}
          emptyLabel="None"
          emptyValue=""
        />
        <FormTextField name={`${base}.company`} label="Company" maxLength={50} />
        <FormTextField name={`${base}.brand`} label="Brand" maxLength={50} />
        <FormTextField name={`${base}.model`} label="Model" maxLength={50} />
        <FormTextField name={`${base}.color`} label="Colour" maxLength={50} />
        <FormTextField name={`${base}.serialNumber`} label="Serial number" maxLength={50} />
        <MoneyField name={`${base}.value`} label="Value" />
        <OwnerSelectField name={`${base}.ownerPersonId`} />
      </CardGrid>
      <Box sx={{ mt: 2 }}>
        <FormTextField name={`${base}.comments`} label="Comments" multiline minRows={2} maxLength={500} />
      </Box>
      <CardGroup title="Attachments">
        <AttachmentList workingCopyId={workingCopyId} scope={{ incidentVehicleId: null, incidentItemId: asText(id) }} />
      </CardGroup>
    </CardFrame>
  );
});
