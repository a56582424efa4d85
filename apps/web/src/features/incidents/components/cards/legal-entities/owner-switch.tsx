import type { LegalEntity } from '@blotter/shared/schemas/incident-parts';
import FormHelperText from '@mui/material/FormHelperText';
import { useState } from 'react';
import { errorMessage } from '../../../../../lib/api-error';
import { toastError } from '../../../../../lib/toast';
import { useFetchOwnerCompany } from '../../../api/get-owner-company';
import { FormSwitch } from '../fields/form-switch';
import { useIncidentForm } from '../fields/form-types';
import { alreadyExistsMessage } from '../party-rules';

/**
 * Spec 1 §4: switching Owner on loads the account's own company (id and name) and locks the name;
 * switching it off clears the name and personId.
 */
export function OwnerSwitch({ index }: { index: number }) {
  const { getValues, setValue } = useIncidentForm();
  const fetchOwner = useFetchOwnerCompany();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const base = `companies.${index}` as const;
  const options = { shouldDirty: true, shouldValidate: false } as const;

  const toggle = async (checked: boolean) => {
    setError('');
    if (!checked) {
      setValue(`${base}.isOwner`, false, options);
      setValue(`${base}.name`, '', options);
      setValue(`${base}.personId`, null, options);
      setValue(`${base}.duplicationChecked`, false, options);
      return;
    }
    setLoading(true);
    try {
      const owner = await fetchOwner();
      const cards = (getValues('companies') ?? []) as LegalEntity[];
      const thisId = getValues(`${base}.id`);
      if (cards.some((card) => card.id !== thisId && card.personId === owner.id)) {
        toastError(alreadyExistsMessage(owner.name));
        return;
      }
      setValue(`${base}.isOwner`, true, options);
      setValue(`${base}.name`, owner.name, { ...options, shouldValidate: true });
      setValue(`${base}.personId`, owner.id, options);
      setValue(`${base}.duplicationChecked`, true, options);
    } catch (failure) {
      // The query cache has shown the server's message as a toast; it stays visible here too.
      setError(errorMessage(failure));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <FormSwitch
        name={`${base}.isOwner`}
        label="Owner"
        disabled={loading}
        onToggle={(checked) => void toggle(checked)}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </>
  );
}
