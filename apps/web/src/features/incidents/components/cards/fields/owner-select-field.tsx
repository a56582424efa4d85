import type { LegalEntity, Person } from '@blotter/shared/schemas/incident-parts';
import { useWatch } from 'react-hook-form';
import { propertyOwnerOptions } from '../party-rules';
import { FormSelectField } from './form-select-field';
import type { IncidentPath } from './form-types';

/**
 * The owner of a vehicle or item: a person or legal entity on the incident ('property owner'
 * options of spec 1 §2), or None. It re-renders only when a party's name changes.
 */
export function OwnerSelectField({ name }: { name: IncidentPath }) {
  const options = useWatch({
    name: ['persons', 'companies'],
    compute: ([persons, companies]) =>
      propertyOwnerOptions((persons ?? []) as Person[], (companies ?? []) as LegalEntity[]).map((option) => ({
        value: option.id,
        label: option.name,
      })),
  });
  return <FormSelectField name={name} label="Owner" options={options} emptyLabel="None" />;
}
