import type { Country, State } from '@blotter/shared/schemas/geo';
import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { type FieldPath, useController, useFormContext, useWatch } from 'react-hook-form';
import { FormSelectField } from '../../../../components/form/form-select-field';
import { FormTextField } from '../../../../components/form/form-text-field';
import { stateLabel } from '../../utils/address-rules';
import { CityField } from './city-field';

interface AddressFieldsProps {
  /** Where the address lives: 'location', or a person or legal entity card ('persons.0'). */
  prefix: string;
  countries: readonly Country[];
  states: readonly State[];
}

const path = (prefix: string, field: string) => `${prefix}.${field}` as FieldPath<IncidentFieldsInput>;

/** Province or state: a list when the country has one, free text otherwise. */
function StateField({
  prefix,
  countryCode,
  states,
}: {
  prefix: string;
  countryCode: string;
  states: readonly State[];
}) {
  const { field, fieldState } = useController<IncidentFieldsInput>({ name: path(prefix, 'stateName') });
  const value = typeof field.value === 'string' ? field.value : '';
  const choices = useMemo(() => states.filter((state) => state.countryCode === countryCode), [states, countryCode]);
  const label = stateLabel(countryCode);
  const common = {
    label,
    fullWidth: true,
    name: field.name,
    inputRef: field.ref,
    value,
    onBlur: field.onBlur,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message ?? ' ',
  };
  if (choices.length === 0) {
    return <TextField {...common} onChange={(event) => field.onChange(event.target.value)} />;
  }
  const known = value === '' || choices.some((state) => state.name === value);
  return (
    <TextField
      {...common}
      select
      onChange={(event) => field.onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" />
      {!known && <option value={value}>{value}</option>}
      {choices.map((state) => (
        <option key={state.code} value={state.name}>
          {state.name}
        </option>
      ))}
    </TextField>
  );
}

/**
 * The address fields shared by the location and the party cards: Unit, Address, Street, City (with
 * search), Province/State, Postal code and Country (default CA). Changing the country clears the
 * city and state, which belong to the previous country.
 */
export function AddressFields({ prefix, countries, states }: AddressFieldsProps) {
  const { setValue } = useFormContext<IncidentFieldsInput>();
  const countryCode = useWatch<IncidentFieldsInput>({ name: path(prefix, 'countryCode') });
  const code = typeof countryCode === 'string' ? countryCode : '';
  const countryOptions = useMemo(
    () => countries.map((country) => ({ value: country.code, label: country.name })),
    [countries],
  );

  const changeCountry = (next: string) => {
    setValue(path(prefix, 'cityId'), null, { shouldDirty: true });
    setValue(path(prefix, 'cityName'), '', { shouldDirty: true });
    setValue(path(prefix, 'stateName'), '', { shouldDirty: true });
    // Only the incident location stores the country's name.
    if (prefix === 'location') {
      const name = countries.find((country) => country.code === next)?.name ?? '';
      setValue('location.countryName', name, { shouldDirty: true });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
      <FormTextField<IncidentFieldsInput> name={path(prefix, 'unit')} label="Unit" fullWidth />
      <FormTextField<IncidentFieldsInput> name={path(prefix, 'address')} label="Address" fullWidth />
      <FormTextField<IncidentFieldsInput> name={path(prefix, 'street')} label="Street" fullWidth />
      <CityField prefix={prefix} />
      <StateField prefix={prefix} countryCode={code} states={states} />
      <FormTextField<IncidentFieldsInput> name={path(prefix, 'postalCode')} label="Postal code" fullWidth />
      <FormSelectField<IncidentFieldsInput>
        name={path(prefix, 'countryCode')}
        label="Country"
        options={countryOptions}
        onValueChange={changeCountry}
        fullWidth
      />
    </Box>
  );
}
