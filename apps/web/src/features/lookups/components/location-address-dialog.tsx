import { DEFAULT_COUNTRY_CODE } from '@blotter/shared/constants';
import { type LookupNode, lookupAddressBody } from '@blotter/shared/schemas/lookups';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useInitData } from '../../../lib/api/get-init-data';
import { toastSuccess } from '../../../lib/toast';
import {
  type LookupAddressInput,
  useAttachedAddress,
  useDeleteLookupAddress,
  useSaveLookupAddress,
} from '../api/lookup-address-api';
import { AddressCityField } from './address-city-field';

interface LocationAddressDialogProps {
  location: LookupNode;
  canDelete: boolean;
  onClose: () => void;
}

function AddressForm({
  location,
  initial,
  addressId,
  canDelete,
  onClose,
}: LocationAddressDialogProps & {
  initial: LookupAddressInput;
  addressId: string | undefined;
}) {
  const titleId = useId();
  const countries = useInitData().data?.countries ?? [];
  const form = useForm<LookupAddressInput>({
    resolver: zodResolver(lookupAddressBody),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const save = useSaveLookupAddress();
  const remove = useDeleteLookupAddress();
  const busy = save.isPending || remove.isPending;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, lookupLocationId: location.id, ...(addressId ? { id: addressId } : {}) },
      {
        onSuccess: () => {
          toastSuccess(`${location.name} has been updated.`);
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{`Address of ${location.name}`}</DialogTitle>
          <DialogContent>
            <FormTextField<LookupAddressInput> name="name" label="Address name" fullWidth margin="dense" />
            <FormTextField<LookupAddressInput> name="unit" label="Unit" fullWidth margin="dense" />
            <FormTextField<LookupAddressInput> name="address" label="Address" fullWidth margin="dense" />
            <FormTextField<LookupAddressInput> name="street" label="Street" fullWidth margin="dense" />
            <FormSelectField<LookupAddressInput>
              name="countryCode"
              label="Country"
              options={countries.map((c) => ({ value: c.code, label: c.name }))}
              fullWidth
              margin="dense"
            />
            <AddressCityField />
            <FormTextField<LookupAddressInput> name="postalCode" label="Postal code" fullWidth margin="dense" />
          </DialogContent>
          <DialogActions>
            {addressId && canDelete && (
              <Button
                color="error"
                disabled={busy}
                onClick={() =>
                  remove.mutate(addressId, {
                    onSuccess: () => {
                      toastSuccess(`${location.name} has been updated.`);
                      onClose();
                    },
                  })
                }
              >
                Remove address
              </Button>
            )}
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Save
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}

/** The attach-address dialog of a location (spec 3 §3 Location address, §5 rules). */
export function LocationAddressDialog(props: LocationAddressDialogProps) {
  const attached = useAttachedAddress(props.location.addressId);
  if (props.location.addressId && !attached.data) {
    return attached.isError ? null : <CircularProgress aria-label="Loading the address" />;
  }
  const a = attached.data;
  const initial: LookupAddressInput = {
    lookupLocationId: props.location.id,
    name: a?.name ?? props.location.name,
    unit: a?.unit ?? '',
    address: a?.address ?? '',
    street: a?.street ?? '',
    cityId: a?.cityId ?? null,
    cityName: a?.cityName ?? '',
    stateName: a?.stateName ?? '',
    countryCode: a?.countryCode || DEFAULT_COUNTRY_CODE,
    postalCode: a?.postalCode ?? '',
  };
  return <AddressForm {...props} initial={initial} addressId={a?.id} />;
}
