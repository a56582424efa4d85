// The lookups a signed-up company starts with whatever its business: what every organisation
// records the same way. Each business type adds its own classes, places, people and departments.

import { REFERRED, type SingleLookupType } from '@blotter/shared';
import type { SeedNode } from '../demo-lookups';

/** A node with plain-named children. */
export function node(name: string, children?: readonly (string | SeedNode)[]): SeedNode {
  if (!children) return { name };
  return { name, children: children.map((child) => (typeof child === 'string' ? { name: child } : child)) };
}

export const COMMON_LABELS = {
  incidentClass: ['Category', 'Type', 'Sub-type', 'Detail'],
  location: ['Site', 'Building', 'Floor', 'Area', 'Room'],
  incidentCause: ['Cause', 'Contributing factor'],
} as const;

/** Root causes any organisation can use. */
export const COMMON_CAUSES: readonly SeedNode[] = [
  node('Human factors', ['Fatigue', 'Distraction', 'Lack of training', 'Rushing']),
  node('Equipment', ['Maintenance overdue', 'Malfunction', 'Wrong equipment used']),
  node('Environment', ['Weather', 'Poor lighting', 'Housekeeping']),
  node('Procedure', ['Not followed', 'Inadequate', 'Not in place']),
  node('External', ['Criminal intent', 'Contractor', 'Member of the public']),
];

/** Flat lists every business shares; personType and department come from the business type. */
export const COMMON_LISTS: Omit<Record<SingleLookupType, readonly string[]>, 'personType' | 'department'> = {
  vehicleInvolvement: ['Suspect vehicle', 'Victim vehicle', 'Witness vehicle', 'Parked', 'Towed', 'Other'],
  primaryCause: [
    'Human error',
    'Equipment failure',
    'Procedure not followed',
    'Criminal act',
    'Environmental',
    'Unknown',
  ],
  severityType: ['Low', 'Medium', 'High', 'Critical'],
  referredAgency: ['Police', 'Fire department', 'Paramedics', 'Insurance provider', 'Regulator', 'Legal counsel'],
  genderType: ['Female', 'Male', 'Non-binary', 'Prefer not to say', 'Unknown'],
  correctiveActionType: [
    'Referred',
    'Training',
    'Policy change',
    'Disciplinary action',
    'Equipment repair',
    'No action required',
  ],
};

/** The corrective action that refers a matter on keeps its behaviour code. */
export const COMMON_CODES = { correctiveActionType: { Referred: REFERRED } } as const;
