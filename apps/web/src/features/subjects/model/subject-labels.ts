import type { BanStatus, BanType, SubjectKind, SubjectRelation } from '@blotter/shared/schemas/subjects';

export const KIND_LABELS: Record<SubjectKind, string> = {
  person: 'Person',
  legalEntity: 'Company',
  vehicle: 'Vehicle',
};

/** The list's kind filter: All, then the kinds in the plural. */
export const KIND_FILTERS: readonly { value: SubjectKind | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'person', label: 'Persons' },
  { value: 'legalEntity', label: 'Companies' },
  { value: 'vehicle', label: 'Vehicles' },
];

export const BAN_TYPE_LABELS: Record<BanType, string> = {
  ban: 'Ban',
  trespass: 'Trespass notice',
  watch: 'Watch',
};

export const BAN_STATUS_LABELS: Record<BanStatus, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const BAN_STATUS_COLORS: Record<BanStatus, 'success' | 'info' | 'default' | 'warning'> = {
  active: 'success',
  upcoming: 'info',
  expired: 'default',
  revoked: 'warning',
};

export const RELATION_LABELS: Record<SubjectRelation, string> = {
  reporter: 'Reporter',
  victim: 'Victim',
  personOfInterest: 'Person of interest',
  suspect: 'Suspect',
  witness: 'Witness',
  subject: 'Subject',
};

/** A kind from the address, or undefined for any other text. */
export function kindOf(value: string | null): SubjectKind | undefined {
  return value === 'person' || value === 'legalEntity' || value === 'vehicle' ? value : undefined;
}
