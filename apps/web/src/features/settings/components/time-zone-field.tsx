import type { CompanySettingsInput } from '@blotter/shared/schemas/account-settings';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useController } from 'react-hook-form';

/**
 * The IANA time zones this browser knows, with 'UTC' (which it lists only as Etc/UTC, if at all)
 * and the company's current zone, so the stored value is always offered.
 */
export function timeZoneOptions(current: string): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = new Set(intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** Underscores read as spaces: 'America/New_York' is shown as 'America/New York'. */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * 'Time zone' of the company settings (issue 31): the zone of the company's calendar days, when
 * bans, trespass notices and watches start and end. Typed to filter ('toronto').
 */
export function TimeZoneField() {
  const { field, fieldState } = useController<CompanySettingsInput, 'timeZone'>({ name: 'timeZone' });
  const value = field.value ?? 'UTC';
  const options = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, next) => field.onChange(next)}
      onBlur={field.onBlur}
      getOptionLabel={zoneLabel}
      disableClearable
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Time zone"
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ??
            'Bans, trespass notices and watches start and end at midnight in this time zone.'
          }
        />
      )}
    />
  );
}
