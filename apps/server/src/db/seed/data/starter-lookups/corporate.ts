import type { SeedNode } from '../demo-lookups';
import { node } from './common';

/** Corporate (account type general): offices, warehouses and their staff. */
export const CORPORATE = {
  incidentClass: [
    node('Security', [
      node('Theft', ['Employee theft', 'Theft of company property', 'Vehicle theft']),
      node('Unauthorized access', ['Tailgating', 'Forced entry', 'Lost access card']),
      node('Alarm', ['Intrusion alarm', 'False alarm']),
      node('Suspicious activity', ['Suspicious person', 'Suspicious package']),
    ]),
    node('Safety', [
      node('Injury', ['Slip, trip or fall', 'Struck by object', 'Lifting or strain']),
      node('Medical', ['Medical emergency', 'First aid']),
      node('Fire', ['Fire alarm', 'Smoke or odour']),
      node('Hazard', ['Spill', 'Blocked exit']),
    ]),
    node('Property', [
      node('Damage', ['Vandalism', 'Accidental damage']),
      node('Building systems', ['Water leak', 'Power outage']),
    ]),
    node('Workplace conduct', [node('Harassment'), node('Threats'), node('Policy violation')]),
    node('Information security', [node('Data loss'), node('Phishing'), node('Lost device')]),
  ] as readonly SeedNode[],
  location: [
    node('Head office', [node('Main building', [node('Ground floor', ['Reception', 'Lobby']), node('Parking')])]),
  ] as readonly SeedNode[],
  personType: ['Employee', 'Contractor', 'Visitor', 'Vendor', 'Member of the public', 'Other'],
  department: ['Security', 'Facilities', 'Human Resources', 'Operations', 'Finance', 'IT', 'Legal'],
};
