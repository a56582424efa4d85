import { LEGAL_ENTITY_RELATIONS } from '@blotter/shared/schemas/search';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import type { CompanyDraft, PersonDraft } from '../../model/criterion-drafts';
import { DraftCheckbox, type DraftFormProps, DraftTextField, RelationsField } from './draft-fields';

export function PersonForm({ value, onChange }: DraftFormProps<PersonDraft>) {
  const set = (patch: Partial<PersonDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DraftTextField label="First name" value={value.firstName} onChange={(firstName) => set({ firstName })} />
        <DraftTextField label="Middle name" value={value.middleName} onChange={(middleName) => set({ middleName })} />
        <DraftTextField label="Last name" value={value.lastName} onChange={(lastName) => set({ lastName })} />
      </Stack>
      <FormGroup row>
        <DraftCheckbox label="Has person" checked={value.hasPerson} onChange={(hasPerson) => set({ hasPerson })} />
        <DraftCheckbox label="Is employee" checked={value.isEmployee} onChange={(isEmployee) => set({ isEmployee })} />
      </FormGroup>
      <RelationsField value={value.relations} onChange={(relations) => set({ relations })} />
    </Stack>
  );
}

/** A legal entity: the screen offers reporter, victim and subject (spec 2 §3). */
export function CompanyForm({ value, onChange }: DraftFormProps<CompanyDraft>) {
  const set = (patch: Partial<CompanyDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={2}>
      <DraftTextField label="Legal entity name" value={value.name} onChange={(name) => set({ name })} />
      <FormGroup row>
        <DraftCheckbox
          label="Has legal entity"
          checked={value.hasCompany}
          onChange={(hasCompany) => set({ hasCompany })}
        />
        <DraftCheckbox label="Is owner" checked={value.isOwner} onChange={(isOwner) => set({ isOwner })} />
      </FormGroup>
      <RelationsField
        value={value.relations}
        relations={LEGAL_ENTITY_RELATIONS}
        onChange={(relations) => set({ relations })}
      />
    </Stack>
  );
}
