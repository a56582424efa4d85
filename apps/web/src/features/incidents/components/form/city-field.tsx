import { DEBOUNCE } from '@blotter/shared/constants';
import type { City } from '@blotter/shared/schemas/geo';
import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { type FieldPath, useController, useFormContext, useWatch } from 'react-hook-form';
import { useCitySearch } from '../../../../lib/api/search-cities';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { canSearchCity } from '../../utils/address-rules';

interface CityFieldProps {
  /** Where the address lives: 'location', 'persons.0', 'companies.2'. */
  prefix: string;
}

const path = (prefix: string, field: string) => `${prefix}.${field}` as FieldPath<IncidentFieldsInput>;

/**
 * City with search (spec 1 §5): after more than 1 character, debounced 300 ms, in the address's
 * country. Choosing a city sets cityId, cityName and stateName; a city not in the list can still be
 * typed (then it has no cityId).
 */
export function CityField({ prefix }: CityFieldProps) {
  const { setValue } = useFormContext<IncidentFieldsInput>();
  const { field, fieldState } = useController<IncidentFieldsInput>({ name: path(prefix, 'cityName') });
  const countryCode = useWatch<IncidentFieldsInput>({ name: path(prefix, 'countryCode') });
  const cityName = typeof field.value === 'string' ? field.value : '';
  const [input, setInput] = useState(cityName);
  // Only what the person types is searched (not the city a draft opens with).
  const [typed, setTyped] = useState('');
  const text = useDebouncedValue(typed, DEBOUNCE.citySearchMs);
  const search = useCitySearch(text, typeof countryCode === 'string' ? countryCode : '');

  // A value set from outside (a restored draft, a changed country) shows in the input.
  useEffect(() => {
    setInput((current) => (current === cityName ? current : cityName));
  }, [cityName]);

  const type = (value: string) => {
    setInput(value);
    setTyped(value);
    field.onChange(value);
    setValue(path(prefix, 'cityId'), null, { shouldDirty: true });
  };
  const choose = (city: City) => {
    setInput(city.name);
    field.onChange(city.name);
    setValue(path(prefix, 'cityId'), city.id, { shouldDirty: true });
    setValue(path(prefix, 'stateName'), city.stateName, { shouldDirty: true });
  };

  const searchable = canSearchCity(typed, DEBOUNCE.citySearchMinChars);
  return (
    <Autocomplete<City, false, false, true>
      freeSolo
      options={searchable ? (search.data ?? []) : []}
      // The server already filtered by name.
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      isOptionEqualToValue={(option, value) => option.name === (typeof value === 'string' ? value : value.name)}
      value={cityName || null}
      inputValue={input}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') type(value);
      }}
      onChange={(_event, value) => {
        if (value && typeof value !== 'string') choose(value);
        else type(value ?? '');
      }}
      onBlur={field.onBlur}
      loading={searchable && search.isFetching}
      noOptionsText={searchable ? 'No matching city' : 'Type at least 2 letters'}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Typography component="span">{option.name}</Typography>
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {option.stateName}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="City"
          name={field.name}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
        />
      )}
    />
  );
}
