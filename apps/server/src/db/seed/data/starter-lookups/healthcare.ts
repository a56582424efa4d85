import type { SeedNode } from '../demo-lookups';
import { node } from './common';

/** Healthcare (account type hospital): hospitals and clinics, their patients and staff. */
export const HEALTHCARE = {
  incidentClass: [
    node('Patient safety', [
      node('Patient fall', ['From bed', 'While walking', 'In bathroom']),
      node('Medication', ['Wrong dose', 'Wrong patient', 'Missed dose']),
      node('Care', ['Delay in treatment', 'Pressure injury', 'Wrong-site procedure']),
      node('Missing patient'),
    ]),
    node('Workplace violence', [
      node('Assault on staff', ['By patient', 'By visitor']),
      node('Verbal abuse'),
      node('Threats'),
    ]),
    node('Security', [
      node('Theft', ['Patient property', 'Hospital property', 'Drugs']),
      node('Unauthorized access', ['Restricted area', 'After-hours entry']),
      node('Code', ['Code white', 'Code black', 'Code amber']),
    ]),
    node('Staff safety', [
      node('Needlestick or sharps'),
      node('Exposure', ['Biological', 'Chemical']),
      node('Lifting or strain'),
    ]),
    node('Facilities', [node('Equipment failure'), node('Fire', ['Fire alarm', 'Smoke or odour']), node('Water leak')]),
  ] as readonly SeedNode[],
  location: [
    node('Main hospital', [
      node('Main building', [
        node('Ground floor', ['Emergency department', 'Admissions', 'Pharmacy']),
        node('Inpatient floors'),
      ]),
      node('Parking'),
    ]),
  ] as readonly SeedNode[],
  personType: ['Patient', 'Visitor', 'Physician', 'Nurse', 'Staff', 'Contractor', 'Other'],
  department: ['Security', 'Emergency', 'Nursing', 'Pharmacy', 'Facilities', 'Administration', 'Human Resources'],
};
