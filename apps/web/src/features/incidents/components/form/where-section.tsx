import type { Country, State } from '@blotter/shared/schemas/geo';
import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { memo } from 'react';
import { useFormContext } from 'react-hook-form';
import { lookupAddressQueryOptions } from '../../api/get-lookup-address';
import { addressFill } from '../../utils/location-address';
import { AddressFields } from './address-fields';
import { FormSection } from './form-section';
import { LookupTreeField } from './lookup-tree-field';

const FIELDS = ['location'] as const;

interface WhereSectionProps {
  locationTree: readonly LookupNode[];
  countries: readonly Country[];
  states: readonly State[];
}

/** Where: a node of the location tree and the address (filled from the location's own address). */
export const WhereSection = memo(function WhereSection({ locationTree, countries, states }: WhereSectionProps) {
  const queryClient = useQueryClient();
  const { getValues, setValue } = useFormContext<IncidentFieldsInput>();

  const fillAddress = async (node: LookupNode | undefined) => {
    if (!node?.addressId) return;
    const address = await queryClient.fetchQuery(lookupAddressQueryOptions(node.addressId)).catch(() => undefined);
    if (!address) return;
    const fill = addressFill(getValues('location') ?? {}, address);
    if (!fill) return;
    for (const [key, value] of Object.entries(fill)) {
      setValue(`location.${key as keyof typeof fill}`, value, { shouldDirty: true });
    }
  };

  return (
    <FormSection
      title="Where"
      help="Where it happened: choose the location, then complete the address. Type at least 2 letters of the city to pick it from the list."
      fields={FIELDS}
    >
      <Stack spacing={2}>
        <LookupTreeField
          name="location.lastLocationId"
          label="Location"
          tree={locationTree}
          dialogTitle="Choose the location"
          onChosen={(node) => void fillAddress(node)}
        />
        <AddressFields prefix="location" countries={countries} states={states} />
      </Stack>
    </FormSection>
  );
});
