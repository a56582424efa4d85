// Lookup lists for 'Demo Security Inc.' (a Toronto security company); every new company starts with this set.

import type { MultipleLookupType, SingleLookupType } from '@blotter/shared';

export interface SeedNode {
  name: string;
  children?: readonly SeedNode[];
}

/** A node with plain-named children. */
function node(name: string, children?: readonly (string | SeedNode)[]): SeedNode {
  if (!children) return { name };
  return { name, children: children.map((child) => (typeof child === 'string' ? { name: child } : child)) };
}

/** Labels for each level of the multiple-level lookups, top level first. */
export const DEMO_LOOKUP_LABELS: Record<MultipleLookupType, readonly string[]> = {
  incidentClass: ['Category', 'Type', 'Sub-type', 'Detail'],
  location: ['Region', 'Site', 'Building', 'Floor', 'Area'],
  incidentCause: ['Cause', 'Contributing factor'],
};

const INCIDENT_CLASS: readonly SeedNode[] = [
  node('Security', [
    node('Theft', [
      node('Shoplifting', ['Concealment', 'Price switching', 'Walk-out']),
      node('Employee theft', ['Cash', 'Merchandise']),
      'Vehicle theft',
    ]),
    node('Unauthorized access', [node('Tailgating'), node('Forced entry', ['Door', 'Window'])]),
    node('Alarm', ['Intrusion alarm', 'Panic alarm', 'False alarm']),
    node('Suspicious activity', ['Suspicious person', 'Suspicious package']),
  ]),
  node('Safety', [
    node('Injury', [
      node('Slip, trip or fall', ['Wet floor', 'Uneven surface', 'Stairs']),
      'Struck by object',
      'Lifting or strain',
    ]),
    node('Medical', ['Medical emergency', 'First aid']),
    node('Fire', ['Fire alarm', 'Smoke or odour']),
    node('Hazard', ['Spill', 'Blocked exit']),
  ]),
  node('Property', [
    node('Damage', [node('Vandalism', ['Graffiti', 'Broken glass']), 'Accidental damage']),
    node('Building systems', ['Water leak', 'Power outage', 'Elevator entrapment']),
  ]),
  node('Crime against persons', [
    node('Assault', ['Physical assault', 'Assault with a weapon']),
    node('Threats', ['Verbal threat', 'Written or online threat']),
    node('Harassment', ['Workplace harassment', 'Stalking']),
    node('Robbery'),
  ]),
  node('Referral', [
    node('Police', ['Arrest', 'Report filed']),
    node('Emergency services', ['Fire', 'Paramedics']),
    node('Internal', ['Human Resources', 'Management']),
  ]),
  node('Loss', [
    node('Lost property', ['Reported lost', 'Found and returned']),
    node('Inventory shrinkage', ['Unexplained loss', 'Receiving error']),
    node('Fraud', ['Counterfeit currency', 'Payment card fraud']),
  ]),
];

const LOCATION: readonly SeedNode[] = [
  node('Ontario', [
    node('Toronto Head Office', [
      node('Tower A', [
        node('Ground floor', ['Main lobby', 'Loading dock', 'Security desk']),
        node('Floor 12', ['Reception', 'Open office', 'Server room']),
      ]),
      node('Parking garage', [node('Level P1', ['Entrance ramp', 'Visitor parking']), node('Level P2', ['Stairwell'])]),
    ]),
    node('Mississauga Distribution Centre', [
      node('Warehouse', [node('Ground floor', ['Shipping', 'Receiving', 'Racking aisles'])]),
      node('Office', [node('Second floor', ['Lunchroom', 'Meeting room'])]),
    ]),
  ]),
  node('Quebec', [
    node('Montréal Retail Store', [
      node('Main building', [
        node('Ground floor', ['Sales floor', 'Fitting rooms', 'Checkout']),
        node('Basement', ['Stockroom', 'Staff room']),
      ]),
    ]),
  ]),
];

const INCIDENT_CAUSE: readonly SeedNode[] = [
  node('Human factors', ['Fatigue', 'Distraction', 'Lack of training', 'Rushing', 'Impairment']),
  node('Equipment', ['Maintenance overdue', 'Malfunction', 'Wrong equipment used']),
  node('Environment', ['Weather', 'Poor lighting', 'Housekeeping', 'Noise']),
  node('Procedure', ['Not followed', 'Inadequate', 'Not in place']),
  node('Supervision', ['Insufficient staffing', 'Poor communication', 'Inadequate supervision']),
  node('External', ['Criminal intent', 'Third-party contractor', 'Member of the public']),
];

/** The multiple-level lookups: incident classification, location, and root cause. */
export const DEMO_MULTIPLE_LOOKUPS: Record<MultipleLookupType, readonly SeedNode[]> = {
  incidentClass: INCIDENT_CLASS,
  location: LOCATION,
  incidentCause: INCIDENT_CAUSE,
};

/** The single-level lookups. */
export const DEMO_SINGLE_LOOKUPS: Record<SingleLookupType, readonly string[]> = {
  personType: ['Employee', 'Contractor', 'Customer', 'Visitor', 'Guest', 'Vendor', 'Member of the public', 'Other'],
  vehicleInvolvement: [
    'Suspect vehicle',
    'Victim vehicle',
    'Witness vehicle',
    'Parked',
    'Towed',
    'Involved in collision',
    'Other',
  ],
  department: [
    'Security',
    'Facilities',
    'Human Resources',
    'Operations',
    'Finance',
    'IT',
    'Legal',
    'Front Desk',
    'Maintenance',
  ],
  primaryCause: [
    'Human error',
    'Equipment failure',
    'Procedure not followed',
    'Criminal act',
    'Environmental',
    'Unknown',
  ],
  severityType: ['Low', 'Medium', 'High', 'Critical'],
  referredAgency: [
    'Toronto Police Service',
    'Ontario Provincial Police',
    'Toronto Fire Services',
    'Toronto Paramedic Services',
    'Ministry of Labour',
    'Building management',
    'Insurance provider',
  ],
  genderType: ['Female', 'Male', 'Non-binary', 'Prefer not to say', 'Unknown'],
  correctiveActionType: [
    'Referred',
    'Training',
    'Policy change',
    'Disciplinary action',
    'Equipment repair',
    'Increased patrols',
    'No action required',
  ],
};
