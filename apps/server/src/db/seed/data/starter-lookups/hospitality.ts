import type { SeedNode } from '../demo-lookups';
import { node } from './common';

/** Hospitality (account type hotel): hotels, restaurants, their guests and staff. */
export const HOSPITALITY = {
  incidentClass: [
    node('Guest incidents', [
      node('Guest injury', ['Slip, trip or fall', 'Pool or spa', 'Food-related illness']),
      node('Guest complaint', ['Noise', 'Room condition', 'Service']),
      node('Lost and found', ['Item reported lost', 'Item found']),
      node('Disturbance', ['Intoxicated guest', 'Fight', 'Unauthorized party']),
    ]),
    node('Security', [
      node('Theft', ['Theft from guest room', 'Theft from vehicle', 'Employee theft']),
      node('Unauthorized access', ['Room entry', 'Staff-only area']),
      node('Fraud', ['Payment card fraud', 'Walk-out without paying']),
    ]),
    node('Safety', [
      node('Staff injury', ['Kitchen burn or cut', 'Lifting or strain', 'Slip, trip or fall']),
      node('Fire', ['Fire alarm', 'Kitchen fire']),
      node('Medical', ['Medical emergency', 'First aid']),
    ]),
    node('Property', [
      node('Damage', ['Guest room damage', 'Vandalism']),
      node('Building systems', ['Water leak', 'Power outage', 'Elevator entrapment']),
    ]),
  ] as readonly SeedNode[],
  location: [
    node('Hotel', [
      node('Main building', [
        node('Ground floor', ['Front desk', 'Lobby', 'Restaurant', 'Kitchen']),
        node('Guest floors'),
      ]),
      node('Parking'),
      node('Pool and spa'),
    ]),
  ] as readonly SeedNode[],
  personType: ['Guest', 'Employee', 'Contractor', 'Visitor', 'Vendor', 'Member of the public', 'Other'],
  department: [
    'Security',
    'Front Office',
    'Housekeeping',
    'Food and Beverage',
    'Maintenance',
    'Human Resources',
    'Management',
  ],
};
