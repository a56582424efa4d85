import { DATE_FORMAT, MEASUREMENT_TYPE } from '@blotter/shared/constants';
import {
  correctiveActionSchema,
  itemSchema,
  legalEntitySchema,
  locationSchema,
  personSchema,
  vehicleSchema,
} from '@blotter/shared/schemas/incident-parts';
import { type IncidentViewData, NO_PARTS, type ViewPerson } from './view-data';
import type { ViewContext } from './view-sections';

/** Test data of the model tests (not part of the app). */

let next = 0;
/** A fresh card id (UUID shaped, as the schemas want). */
export const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** Lookup ids of the test context. */
export const LOOKUP = {
  customer: '10000000-0000-4000-8000-000000000001',
  female: '10000000-0000-4000-8000-000000000002',
  security: '10000000-0000-4000-8000-000000000003',
  referral: '10000000-0000-4000-8000-000000000004',
} as const;

export const context: ViewContext = {
  dateFormat: DATE_FORMAT.DMY,
  measurementType: MEASUREMENT_TYPE.METRIC,
  multipleLookups: {},
  singleLookups: {
    personType: [{ id: LOOKUP.customer, type: 'personType', name: 'Customer', active: true, code: '' }],
    genderType: [{ id: LOOKUP.female, type: 'genderType', name: 'Female', active: true, code: '' }],
    department: [{ id: LOOKUP.security, type: 'department', name: 'Security', active: true, code: '' }],
    correctiveActionType: [
      { id: LOOKUP.referral, type: 'correctiveActionType', name: 'Referral', active: true, code: 'REFERRED' },
    ],
  },
  countries: [{ code: 'CA', name: 'Canada' }],
};

export function person(values: Partial<ViewPerson> = {}): ViewPerson {
  return { ...personSchema.parse({ id: uuid() }), privateHidden: false, ...values };
}

export const company = (values: Parameters<typeof legalEntitySchema.parse>[0] & object = {}) =>
  legalEntitySchema.parse({ id: uuid(), ...values });
export const vehicle = (values: object = {}) => vehicleSchema.parse({ id: uuid(), ...values });
export const item = (values: object = {}) => itemSchema.parse({ id: uuid(), ...values });
export const correctiveAction = (values: object = {}) => correctiveActionSchema.parse({ id: uuid(), ...values });

export function incident(values: Partial<IncidentViewData> = {}): IncidentViewData {
  return {
    createUserName: 'Sam Staff',
    assignedUserId: null,
    assignedUserName: null,
    reportedDate: '2024-03-05T14:30:00.000Z',
    occurredDate: '2024-03-05T12:00:00.000Z',
    occurredDateUncertain: false,
    lastClassId: null,
    severityId: null,
    primaryCauseId: null,
    causeComments: '',
    summary: '<p>Window broken</p>',
    location: locationSchema.parse({}),
    ...NO_PARTS,
    close: null,
    ...values,
  };
}
