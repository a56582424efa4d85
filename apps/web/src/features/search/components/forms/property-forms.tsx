import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { AttachmentDraft, ItemDraft, VehicleDraft } from '../../model/criterion-drafts';
import { DraftCheckbox, type DraftFormProps, DraftTextField } from './draft-fields';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
};

export function VehicleForm({ value, onChange }: DraftFormProps<VehicleDraft>) {
  const set = (patch: Partial<VehicleDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={1}>
      <DraftCheckbox label="Has vehicle" checked={value.hasVehicle} onChange={(hasVehicle) => set({ hasVehicle })} />
      <Box sx={grid}>
        <DraftTextField
          label="License plate"
          value={value.licensePlate}
          onChange={(licensePlate) => set({ licensePlate })}
        />
        <DraftTextField
          label="State/province"
          value={value.stateProvince}
          onChange={(stateProvince) => set({ stateProvince })}
        />
        <DraftTextField label="Make" value={value.maker} onChange={(maker) => set({ maker })} />
        <DraftTextField label="Model" value={value.model} onChange={(model) => set({ model })} />
        <DraftTextField label="Colour" value={value.color} onChange={(color) => set({ color })} />
      </Box>
    </Stack>
  );
}

export function ItemForm({ value, onChange }: DraftFormProps<ItemDraft>) {
  const set = (patch: Partial<ItemDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={1}>
      <DraftCheckbox label="Has item" checked={value.hasItem} onChange={(hasItem) => set({ hasItem })} />
      <Box sx={grid}>
        <DraftTextField label="Item name" value={value.name} onChange={(name) => set({ name })} />
        <DraftTextField label="Brand" value={value.brand} onChange={(brand) => set({ brand })} />
        <DraftTextField label="Model" value={value.model} onChange={(model) => set({ model })} />
        <DraftTextField label="Colour" value={value.color} onChange={(color) => set({ color })} />
        <DraftTextField
          label="Serial number"
          value={value.serialNumber}
          onChange={(serialNumber) => set({ serialNumber })}
        />
      </Box>
    </Stack>
  );
}

export function AttachmentForm({ value, onChange }: DraftFormProps<AttachmentDraft>) {
  const set = (patch: Partial<AttachmentDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={1}>
      <DraftCheckbox
        label="Has attachment"
        checked={value.hasAttachment}
        onChange={(hasAttachment) => set({ hasAttachment })}
      />
      <DraftTextField label="Attachment name" value={value.name} onChange={(name) => set({ name })} />
    </Stack>
  );
}
