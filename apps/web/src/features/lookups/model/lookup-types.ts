import { MULTIPLE_LOOKUP_TYPES, type MultipleLookupType } from '@blotter/shared/constants';
import {
  ADMIN_SINGLE_LOOKUP_TYPES,
  type AdminLookupType,
  LOOKUP_TYPE_NAMES,
  maxLookupLevel,
} from '@blotter/shared/schemas/lookup-admin';

export interface LookupTypeOption {
  value: AdminLookupType;
  label: string;
}

/** The types of the picker, sorted by name (spec 3 §2). */
export const LOOKUP_TYPE_OPTIONS: readonly LookupTypeOption[] = [...ADMIN_SINGLE_LOOKUP_TYPES, ...MULTIPLE_LOOKUP_TYPES]
  .map((value) => ({ value, label: LOOKUP_TYPE_NAMES[value] }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const isTreeType = (type: string): type is MultipleLookupType =>
  (MULTIPLE_LOOKUP_TYPES as readonly string[]).includes(type);

/** Whether an item of the type at this level may get a child (class 4 levels, location 5, cause 2). */
export function canHaveChild(type: string, level: number): boolean {
  return isTreeType(type) && level < maxLookupLevel(type);
}
