import type { BusinessType } from '@blotter/shared';
import type { LookupSet } from '../../lookup-set';
import { COMMON_CAUSES, COMMON_CODES, COMMON_LABELS, COMMON_LISTS } from './common';
import { CORPORATE } from './corporate';
import { EDUCATION } from './education';
import { HEALTHCARE } from './healthcare';
import { HOSPITALITY } from './hospitality';

const BY_TYPE = { general: CORPORATE, hotel: HOSPITALITY, education: EDUCATION, hospital: HEALTHCARE };

/** The lookups a company signed up with this business type starts with. */
export function starterLookups(type: BusinessType): LookupSet {
  const own = BY_TYPE[type];
  return {
    labels: COMMON_LABELS,
    trees: { incidentClass: own.incidentClass, location: own.location, incidentCause: COMMON_CAUSES },
    lists: { ...COMMON_LISTS, personType: own.personType, department: own.department },
    codes: COMMON_CODES,
  };
}
