import type { SeedNode } from '../demo-lookups';
import { node } from './common';

/** Education: schools, colleges and universities, their students and staff. */
export const EDUCATION = {
  incidentClass: [
    node('Student conduct', [
      node('Bullying', ['Physical', 'Verbal', 'Online']),
      node('Fighting'),
      node('Substance use', ['Alcohol', 'Drugs', 'Vaping']),
      node('Academic misconduct'),
    ]),
    node('Safety', [
      node('Injury', ['Sports or physical education', 'Playground', 'Laboratory', 'Slip, trip or fall']),
      node('Medical', ['Medical emergency', 'First aid', 'Allergic reaction']),
      node('Fire', ['Fire alarm', 'Smoke or odour']),
      node('Lockdown or evacuation', ['Drill', 'Real event']),
    ]),
    node('Security', [
      node('Theft', ['Student property', 'School property']),
      node('Trespass', ['Unknown visitor', 'After-hours entry']),
      node('Threats', ['Verbal threat', 'Written or online threat']),
    ]),
    node('Property', [node('Damage', ['Vandalism', 'Graffiti', 'Accidental damage'])]),
    node('Safeguarding', [node('Welfare concern'), node('Missing student')]),
  ] as readonly SeedNode[],
  location: [
    node('Main campus', [
      node('Main building', [node('Ground floor', ['Reception', 'Classrooms', 'Cafeteria'])]),
      node('Gymnasium'),
      node('Sports field'),
      node('Parking'),
    ]),
  ] as readonly SeedNode[],
  personType: ['Student', 'Teacher', 'Staff', 'Parent or guardian', 'Visitor', 'Contractor', 'Other'],
  department: ['Administration', 'Security', 'Facilities', 'Student Services', 'Athletics', 'IT', 'Human Resources'],
};
