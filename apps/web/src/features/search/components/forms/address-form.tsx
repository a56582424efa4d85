import { DEBOUNCE } from '@blotter/shared/constants';
import type { City, Country, State } from '@blotter/shared/schemas/geo';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCitySearch } from '../../../../lib/api/search-cities';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import type { AddressDraft } from '../../model/criterion-drafts';
import { type DraftFormProps, DraftTextField } from './draft-fields';

interface AddressFormProps extends DraftFormProps<AddressDraft> {
  countries: readonly Country[];
  states: readonly State[];
}

/**
 * The incident's address: the city is searched like on the incident form (more than 1 character,
 * debounced 300 ms, in the chosen country); a city typed but not chosen searches by its name.
 */
export function AddressForm({ value, onChange, countries, states }: AddressFormProps) {
  const set = (patch: Partial<AddressDraft>) => onChange({ ...value, ...patch });
  const [typed, setTyped] = useState('');
  const text = useDebouncedValue(typed, DEBOUNCE.citySearchMs);
  const search = useCitySearch(text, value.countryCode);
  const searchable = typed.trim().length >= DEBOUNCE.citySearchMinChars;
  const countryStates = states.filter((state) => state.countryCode === value.countryCode);

  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
    >
      <TextField
        select
        label="Country"
        size="small"
        value={value.countryCode}
        onChange={(event) =>
          set({ countryCode: event.target.value, stateProvinceCode: '', cityId: null, cityName: '' })
        }
      >
        <MenuItem value="">
          <em>Any country</em>
        </MenuItem>
        {countries.map((country) => (
          <MenuItem key={country.code} value={country.code}>
            {country.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="State/province"
        size="small"
        value={value.stateProvinceCode}
        onChange={(event) => set({ stateProvinceCode: event.target.value })}
        disabled={countryStates.length === 0}
      >
        <MenuItem value="">
          <em>Any state or province</em>
        </MenuItem>
        {countryStates.map((state) => (
          <MenuItem key={state.code} value={state.code}>
            {state.name}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<City, false, false, true>
        freeSolo
        size="small"
        options={searchable ? (search.data ?? []) : []}
        // The server already filtered by name.
        filterOptions={(options) => options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
        getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
        isOptionEqualToValue={(option, chosen) => option.name === (typeof chosen === 'string' ? chosen : chosen.name)}
        value={value.cityName || null}
        inputValue={value.cityName}
        onInputChange={(_event, cityName, reason) => {
          if (reason !== 'input' && reason !== 'clear') return;
          setTyped(cityName);
          set({ cityName, cityId: null });
        }}
        onChange={(_event, chosen) => {
          if (chosen && typeof chosen !== 'string')
            set({ cityName: chosen.name, cityId: chosen.id, stateProvinceCode: chosen.stateCode });
          else set({ cityName: chosen ?? '', cityId: null });
        }}
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
        renderInput={(params) => <TextField {...params} label="City" />}
      />
      <DraftTextField label="Street" value={value.street} onChange={(street) => set({ street })} />
      <DraftTextField label="Address" value={value.address} onChange={(address) => set({ address })} />
      <DraftTextField label="Unit" value={value.unit} onChange={(unit) => set({ unit })} />
    </Box>
  );
}
