import type { SingleLookupType } from '@blotter/shared/constants';
import { useMemo } from 'react';
import { useInitData } from '../../../../../lib/api/get-init-data';
import { FormSelectField } from './form-select-field';
import type { IncidentPath } from './form-types';

interface LookupSelectFieldProps {
  name: IncidentPath;
  label: string;
  type: SingleLookupType;
  onValueChange?: (id: string | null) => void;
}

/** A select of one single-level lookup (person type, department, …): active entries (an inactive one only while chosen), plus 'None'. */
export function LookupSelectField({ name, label, type, onValueChange }: LookupSelectFieldProps) {
  const { data } = useInitData();
  const entries = data?.singleLookups[type];
  const options = useMemo(
    () => (entries ?? []).map((entry) => ({ value: entry.id, label: entry.name, hidden: !entry.active })),
    [entries],
  );
  return (
    <FormSelectField name={name} label={label} options={options} emptyLabel="None" onValueChange={onValueChange} />
  );
}
