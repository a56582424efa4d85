import { REFERRED } from '@blotter/shared/schemas/incident-parts';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { memo, useId } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useInitData } from '../../../../../lib/api/get-init-data';
import { RichTextField } from '../../form/rich-text-field';
import { CardFrame, CardGrid, CardGroup } from '../card-frame';
import { FormTextField } from '../fields/form-text-field';
import { asId, asText, useIncidentForm } from '../fields/form-types';
import { InvolvedPersonsField } from '../fields/involved-persons-field';
import { LookupSelectField } from '../fields/lookup-select-field';

interface CorrectiveActionCardProps {
  index: number;
  onRemove: (index: number) => void;
}

/** INTERNAL (a department) or EXTERNAL (an agency). */
function ReferralChoice({ index }: { index: number }) {
  const labelId = useId();
  const base = `correctiveActions.${index}` as const;
  const { field } = useController({ name: `${base}.referredType` });
  const referredType = asText(field.value);
  return (
    <>
      <FormControl>
        <FormLabel id={labelId}>Referral</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          name={field.name}
          value={referredType}
          onChange={(event) => field.onChange(event.target.value)}
        >
          <FormControlLabel value="INTERNAL" control={<Radio />} label="Internal" />
          <FormControlLabel value="EXTERNAL" control={<Radio />} label="External" />
        </RadioGroup>
      </FormControl>
      <CardGrid>
        {referredType === 'INTERNAL' && (
          <LookupSelectField name={`${base}.referredInternalDepartmentId`} label="Department" type="department" />
        )}
        {referredType === 'EXTERNAL' && (
          <LookupSelectField name={`${base}.referredExternalAgencyId`} label="Agency" type="referredAgency" />
        )}
      </CardGrid>
    </>
  );
}

/** A corrective action: type, involved persons and details; a referral names where and whom (spec 1 §3). */
export const CorrectiveActionCard = memo(function CorrectiveActionCard({ index, onRemove }: CorrectiveActionCardProps) {
  const { setValue } = useIncidentForm();
  const { data } = useInitData();
  const base = `correctiveActions.${index}` as const;
  const label = `Corrective action ${index + 1}`;
  const [typeIdValue, displayType] = useWatch({ name: [`${base}.typeId`, `${base}.displayType`] });
  const types = data?.singleLookups.correctiveActionType ?? [];
  const typeName = types.find((type) => type.id === asId(typeIdValue))?.name;
  const referred = displayType === REFERRED;

  const onTypeChange = (typeId: string | null) => {
    const code = types.find((type) => type.id === typeId)?.code ?? '';
    const next = code === REFERRED ? REFERRED : '';
    setValue(`${base}.displayType`, next, { shouldDirty: true });
    if (next !== REFERRED) {
      // A referral's details mean nothing once the action is no longer a referral.
      setValue(`${base}.referredType`, '', { shouldDirty: true });
      setValue(`${base}.referredInternalDepartmentId`, null, { shouldDirty: true });
      setValue(`${base}.referredExternalAgencyId`, null, { shouldDirty: true });
    }
  };

  return (
    <CardFrame
      label={label}
      onRemove={() => onRemove(index)}
      path={base}
      adornment={
        <>
          <AssignmentTurnedInIcon color="action" />
          {typeName && <Chip size="small" label={typeName} />}
        </>
      }
    >
      <CardGrid>
        <LookupSelectField
          name={`${base}.typeId`}
          label="Type"
          type="correctiveActionType"
          onValueChange={onTypeChange}
        />
        <InvolvedPersonsField name={`${base}.involvedPersonList`} label="Involved persons" />
      </CardGrid>
      <Box sx={{ mt: 2 }}>
        <RichTextField name={`${base}.details`} label="Details" />
      </Box>
      {referred && (
        <>
          <CardGroup title="Referred to">
            <ReferralChoice index={index} />
          </CardGroup>
          <CardGroup title="Contact person">
            <CardGrid>
              <FormTextField name={`${base}.referredContactFirstName`} label="First name" required maxLength={100} />
              <FormTextField name={`${base}.referredContactMiddleName`} label="Middle name" maxLength={100} />
              <FormTextField name={`${base}.referredContactLastName`} label="Last name" maxLength={100} />
              <FormTextField name={`${base}.referredContactAlias`} label="Alias" maxLength={100} />
              <FormTextField name={`${base}.referredContactPosition`} label="Position" maxLength={100} />
              <FormTextField name={`${base}.referredContactEmail`} label="Email" type="email" maxLength={255} />
              <FormTextField name={`${base}.referredContactPhone`} label="Phone" type="tel" maxLength={20} />
              <FormTextField
                name={`${base}.referredContactMobilePhone`}
                label="Mobile phone"
                type="tel"
                maxLength={20}
              />
            </CardGrid>
          </CardGroup>
        </>
      )}
    </CardFrame>
  );
});
