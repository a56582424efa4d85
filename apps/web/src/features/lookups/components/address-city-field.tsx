import { DEBOUNCE } from '@blotter/shared/constants';
import type { City } from '@blotter/shared/schemas/geo';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useCitySearch } from '../../../lib/api/search-cities';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { LookupAddressInput } from '../api/lookup-address-api';

/**
 * City with search in the address's country (after 2 letters, debounced): a chosen city sets
 * cityId and the state; a typed name without a choice has no cityId.
 */
export function AddressCityField() {
  const { setValue } = useFormContext<LookupAddressInput>();
  const { field, fieldState } = useController<LookupAddressInput, 'cityName'>({ name: 'cityName' });
  const cityIdError = useFormContext<LookupAddressInput>().formState.errors.cityId?.message;
  const countryCode = useWatch<LookupAddressInput, 'countryCode'>({ name: 'countryCode' }) ?? '';
  const [typed, setTyped] = useState('');
  const text = useDebouncedValue(typed, DEBOUNCE.citySearchMs);
  const search = useCitySearch(text, countryCode);
  const searchable = typed.trim().length >= DEBOUNCE.citySearchMinChars;
  return (
    <Autocomplete<City, false, false, true>
      freeSolo
      options={searchable ? (search.data ?? []) : []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : `${option.name}, ${option.stateName}`)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      inputValue={field.value ?? ''}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        setTyped(value);
        field.onChange(value);
        setValue('cityId', null);
      }}
      onChange={(_event, value) => {
        if (!value || typeof value === 'string') return;
        field.onChange(value.name);
        setValue('cityId', value.id);
        setValue('stateName', value.stateName);
      }}
      loading={searchable && search.isFetching}
      noOptionsText={searchable ? 'No matching city' : 'Type at least 2 letters'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="City"
          margin="dense"
          onBlur={field.onBlur}
          error={Boolean(fieldState.error ?? cityIdError)}
          helperText={fieldState.error?.message ?? cityIdError ?? ' '}
        />
      )}
    />
  );
}
