// What happens at the demo company's sites: each scenario is a kind of incident with its class,
// places, severity, the people and things it involves and how it is written up and closed.

import type { ItemStatus } from '@blotter/shared';
import type { ItemGroup } from './demo-things';

type Severity = 'Low' | 'Medium' | 'High' | 'Critical';

export interface Scenario {
  /** The class path in the demo class tree (its deepest node); a third of the time its parent is recorded. */
  what: readonly string[];
  weight: number;
  /** Location paths ('/'-separated, from the region); a quarter of the time the parent node is recorded. */
  where: readonly string[];
  severity: Partial<Record<Severity, number>>;
  /** Chance of a suspect, and of the suspect being one of the recurring ones of the site. */
  suspect?: { chance: number; recurring: number };
  victim?: 'employee' | 'public';
  injured?: boolean;
  reporter: 'employee' | 'public';
  witness?: number;
  vehicle?: { chance: number; involvement: string };
  items?: { group: ItemGroup; status: ItemStatus; max: number };
  business?: { chance: number; relation: 'relationVictim' | 'relationReporter' | 'relationSubject'; owner?: boolean };
  /** Root cause paths of the cause tree. */
  causes?: readonly string[];
  /** Corrective action types taken. */
  actions?: readonly string[];
  summaries: readonly string[];
  closing: readonly string[];
  /** Sensitive matters an administrator may lock once closed. */
  sensitive?: boolean;
  /** Chance of being closed once it is old enough. */
  closeRate: number;
}

const HO = 'Ontario/Toronto Head Office';
const LOBBY = `${HO}/Tower A/Ground floor/Main lobby`;
const DOCK = `${HO}/Tower A/Ground floor/Loading dock`;
const DESK = `${HO}/Tower A/Ground floor/Security desk`;
const RECEPTION = `${HO}/Tower A/Floor 12/Reception`;
const OFFICE = `${HO}/Tower A/Floor 12/Open office`;
const SERVERS = `${HO}/Tower A/Floor 12/Server room`;
const RAMP = `${HO}/Parking garage/Level P1/Entrance ramp`;
const VISITORS = `${HO}/Parking garage/Level P1/Visitor parking`;
const STAIRS = `${HO}/Parking garage/Level P2/Stairwell`;
const DC = 'Ontario/Mississauga Distribution Centre';
const SHIPPING = `${DC}/Warehouse/Ground floor/Shipping`;
const RECEIVING = `${DC}/Warehouse/Ground floor/Receiving`;
const AISLES = `${DC}/Warehouse/Ground floor/Racking aisles`;
const LUNCHROOM = `${DC}/Office/Second floor/Lunchroom`;
const MEETING = `${DC}/Office/Second floor/Meeting room`;
const STORE = 'Quebec/Montréal Retail Store/Main building';
const SALES = `${STORE}/Ground floor/Sales floor`;
const FITTING = `${STORE}/Ground floor/Fitting rooms`;
const CHECKOUT = `${STORE}/Ground floor/Checkout`;
const STOCKROOM = `${STORE}/Basement/Stockroom`;
const STAFFROOM = `${STORE}/Basement/Staff room`;

export const SCENARIOS: readonly Scenario[] = [
  {
    what: ['Security', 'Theft', 'Shoplifting', 'Concealment'],
    weight: 14,
    where: [SALES, FITTING, SALES],
    severity: { Low: 5, Medium: 3 },
    suspect: { chance: 0.95, recurring: 0.35 },
    reporter: 'employee',
    witness: 0.3,
    items: { group: 'store', status: 'stolen', max: 3 },
    actions: ['Increased patrols', 'Referred'],
    summaries: [
      'Suspect was seen on camera concealing {item} in a tote bag on the {area} and passing the last point of sale without paying. Stopped outside the doors; merchandise recovered.',
      'Associate noticed empty packaging in the {area}. Camera review shows the suspect removing the tags from {item} and leaving through the main doors.',
      'Loss prevention observed the suspect place {item} inside a jacket. Suspect was approached at the exit and returned the merchandise.',
    ],
    closing: [
      'Merchandise recovered and returned to stock.',
      'Police report filed; suspect banned from the store.',
      'Footage kept; no further action possible.',
    ],
    closeRate: 0.6,
  },
  {
    what: ['Security', 'Theft', 'Shoplifting', 'Walk-out'],
    weight: 8,
    where: [SALES, CHECKOUT],
    severity: { Low: 3, Medium: 4 },
    suspect: { chance: 0.9, recurring: 0.4 },
    reporter: 'employee',
    items: { group: 'store', status: 'stolen', max: 2 },
    vehicle: { chance: 0.25, involvement: 'Suspect vehicle' },
    actions: ['Referred', 'Increased patrols'],
    summaries: [
      'Suspect picked up {item} near the {area} and walked out without paying. Associate followed to the doors but did not engage, as per policy.',
      'Two people entered together; one distracted the cashier while the other left with {item}.',
    ],
    closing: ['Reported to police with the footage.', 'Loss written off; description shared with the mall security.'],
    closeRate: 0.55,
  },
  {
    what: ['Security', 'Theft', 'Shoplifting', 'Price switching'],
    weight: 4,
    where: [CHECKOUT],
    severity: { Low: 1 },
    suspect: { chance: 1, recurring: 0.5 },
    reporter: 'employee',
    items: { group: 'store', status: 'stolen', max: 1 },
    summaries: [
      'Cashier noticed the price tag of {item} did not match the item. The customer paid the correct price after being asked.',
    ],
    closing: ['Customer paid the difference.', 'No loss; cashiers reminded to check tags.'],
    closeRate: 0.8,
  },
  {
    what: ['Security', 'Theft', 'Employee theft', 'Merchandise'],
    weight: 4,
    where: [SHIPPING, RECEIVING, STOCKROOM],
    severity: { Medium: 2, High: 2 },
    suspect: { chance: 0.8, recurring: 0.5 },
    reporter: 'employee',
    items: { group: 'warehouse', status: 'stolen', max: 2 },
    vehicle: { chance: 0.5, involvement: 'Suspect vehicle' },
    business: { chance: 0.4, relation: 'relationSubject' },
    causes: ['Procedure/Not followed', 'Supervision/Inadequate supervision'],
    actions: ['Disciplinary action', 'Policy change', 'Referred'],
    summaries: [
      'Inventory count found {item} missing from the {area}. Scanner logs and footage point to a contract driver loading it onto a personal vehicle after the shift.',
      'Shift supervisor saw {item} being moved out through the {area} without a shipping order.',
    ],
    closing: ['Contractor removed from the site; matter with Human Resources.', 'Goods recovered; access revoked.'],
    sensitive: true,
    closeRate: 0.7,
  },
  {
    what: ['Security', 'Theft', 'Employee theft', 'Cash'],
    weight: 2,
    where: [CHECKOUT, `${HO}/Tower A/Floor 12`],
    severity: { Medium: 1, High: 1 },
    suspect: { chance: 0.7, recurring: 0 },
    reporter: 'employee',
    causes: ['Procedure/Inadequate'],
    actions: ['Disciplinary action', 'Policy change'],
    summaries: [
      'Cash drawer was short at the end of the shift. Reconciliation was repeated with the manager and the shortfall confirmed.',
    ],
    closing: ['Investigation completed by Human Resources.', 'Cash handling procedure updated.'],
    sensitive: true,
    closeRate: 0.8,
  },
  {
    what: ['Security', 'Theft', 'Vehicle theft'],
    weight: 4,
    where: [VISITORS, RAMP, STAIRS],
    severity: { Medium: 2, High: 3 },
    suspect: { chance: 0.4, recurring: 0.6 },
    victim: 'public',
    reporter: 'public',
    vehicle: { chance: 1, involvement: 'Victim vehicle' },
    actions: ['Referred', 'Increased patrols'],
    summaries: [
      'Owner returned to find the vehicle gone from the {area}. Camera shows it leaving the garage at night behind another car.',
      'Driver reported the vehicle stolen from the {area}; the parking ticket was still on the dashboard.',
    ],
    closing: ['Reported to police; vehicle not recovered.', 'Vehicle recovered by police in Scarborough.'],
    closeRate: 0.5,
  },
  {
    what: ['Security', 'Theft'],
    weight: 8,
    where: [OFFICE, LOBBY, LUNCHROOM, STAFFROOM, VISITORS],
    severity: { Low: 2, Medium: 3 },
    suspect: { chance: 0.45, recurring: 0.6 },
    victim: 'employee',
    reporter: 'employee',
    witness: 0.2,
    items: { group: 'office', status: 'stolen', max: 2 },
    vehicle: { chance: 0.35, involvement: 'Suspect vehicle' },
    actions: ['Increased patrols', 'Training'],
    summaries: [
      '{item} left unattended in the {area} was taken during the lunch hour.',
      'Victim reports {item} missing after a meeting. Door access logs show a visitor who was not escorted.',
      'Window of a car in the {area} was smashed and {item} taken from the back seat.',
    ],
    closing: ['Item not recovered; staff reminded to lock their belongings.', 'Footage given to police.'],
    closeRate: 0.5,
  },
  {
    what: ['Security', 'Unauthorized access', 'Tailgating'],
    weight: 6,
    where: [LOBBY, RECEPTION, RAMP],
    severity: { Low: 3, Medium: 2 },
    suspect: { chance: 0.8, recurring: 0.5 },
    reporter: 'employee',
    actions: ['Training', 'Increased patrols'],
    summaries: [
      'Person followed an employee through the turnstiles at the {area} without badging. Stopped by the officer at the elevators and escorted out.',
      'Delivery person entered behind a staff member and was found on floor 12 without a visitor pass.',
    ],
    closing: ['Escorted off the premises.', 'Reminder about tailgating sent to all staff.'],
    closeRate: 0.7,
  },
  {
    what: ['Security', 'Unauthorized access', 'Forced entry', 'Door'],
    weight: 3,
    where: [DOCK, STOCKROOM, RECEIVING],
    severity: { High: 3, Critical: 1 },
    suspect: { chance: 0.5, recurring: 0.4 },
    reporter: 'employee',
    items: { group: 'warehouse', status: 'stolen', max: 2 },
    business: { chance: 0.3, relation: 'relationVictim', owner: true },
    causes: ['Equipment/Maintenance overdue', 'External/Criminal intent'],
    actions: ['Equipment repair', 'Referred'],
    summaries: ['The door at the {area} was found pried open on the morning round. {item} missing from the shelves.'],
    closing: ['Door repaired and alarm contact replaced; police report filed.'],
    closeRate: 0.7,
  },
  {
    what: ['Security', 'Alarm', 'False alarm'],
    weight: 9,
    where: [SERVERS, DOCK, STOCKROOM, RECEIVING, LOBBY],
    severity: { Low: 1 },
    reporter: 'employee',
    causes: ['Equipment/Malfunction', 'Human factors/Distraction'],
    actions: ['No action required', 'Equipment repair'],
    summaries: [
      'Intrusion alarm at the {area} at night. Officer attended; area secure, no sign of entry. Motion sensor triggered by a balloon.',
      'Alarm activated when a cleaner opened the {area} door with the wrong code.',
    ],
    closing: ['No action required.', 'Sensor adjusted by the alarm company.'],
    closeRate: 0.85,
  },
  {
    what: ['Security', 'Alarm', 'Panic alarm'],
    weight: 2,
    where: [RECEPTION, CHECKOUT],
    severity: { Medium: 1, High: 1 },
    reporter: 'employee',
    victim: 'employee',
    suspect: { chance: 0.6, recurring: 0.3 },
    actions: ['Referred', 'Training'],
    summaries: [
      'Panic button pressed at the {area} when a visitor became aggressive. Officers attended within two minutes.',
    ],
    closing: ['Visitor left before police arrived; description shared.'],
    closeRate: 0.7,
  },
  {
    what: ['Security', 'Suspicious activity', 'Suspicious person'],
    weight: 7,
    where: [VISITORS, STAIRS, LOBBY, DOCK, SHIPPING],
    severity: { Low: 4, Medium: 1 },
    suspect: { chance: 0.7, recurring: 0.55 },
    reporter: 'employee',
    vehicle: { chance: 0.6, involvement: 'Suspect vehicle' },
    actions: ['Increased patrols'],
    summaries: [
      'Person seen trying car door handles in the {area}. Left on foot when approached by the officer.',
      'Individual loitering at the {area} for over an hour, taking photos of the entrances.',
    ],
    closing: ['Description circulated to all shifts.', 'No further sightings.'],
    closeRate: 0.6,
  },
  {
    what: ['Security', 'Suspicious activity', 'Suspicious package'],
    weight: 2,
    where: [LOBBY, DOCK],
    severity: { Medium: 1, High: 1 },
    reporter: 'employee',
    summaries: [
      'Unattended box found at the {area}. Area cordoned off; the box belonged to a courier who had left it by mistake.',
    ],
    closing: ['Package returned to the courier.'],
    business: { chance: 0.6, relation: 'relationSubject' },
    closeRate: 0.9,
  },
  {
    what: ['Safety', 'Injury', 'Slip, trip or fall', 'Wet floor'],
    weight: 7,
    where: [LOBBY, SALES, LUNCHROOM, RAMP],
    severity: { Low: 2, Medium: 3, High: 1 },
    victim: 'public',
    injured: true,
    reporter: 'employee',
    witness: 0.4,
    business: { chance: 0.25, relation: 'relationSubject' },
    causes: ['Environment/Weather', 'Environment/Housekeeping'],
    actions: ['Training', 'Policy change'],
    summaries: [
      'Visitor slipped on melted snow at the {area} and fell on the left wrist. First aid given; visitor declined an ambulance.',
      'Person slipped on a freshly mopped floor in the {area}; no wet floor sign was in place.',
    ],
    closing: ['Extra mats placed at the entrance.', 'Cleaning contractor reminded of the signage procedure.'],
    closeRate: 0.6,
  },
  {
    what: ['Safety', 'Injury', 'Slip, trip or fall', 'Stairs'],
    weight: 3,
    where: [STAIRS, `${STORE}/Basement`],
    severity: { Medium: 2, High: 1 },
    victim: 'employee',
    injured: true,
    reporter: 'employee',
    causes: ['Human factors/Rushing', 'Environment/Poor lighting'],
    actions: ['Equipment repair', 'Training'],
    summaries: [
      'Employee missed a step in the {area} while carrying boxes and twisted an ankle. Lighting on the landing was out.',
    ],
    closing: ['Lights replaced; employee returned to work after two days.'],
    closeRate: 0.6,
  },
  {
    what: ['Safety', 'Injury', 'Lifting or strain'],
    weight: 3,
    where: [AISLES, RECEIVING, STOCKROOM],
    severity: { Low: 1, Medium: 2 },
    victim: 'employee',
    injured: true,
    reporter: 'employee',
    causes: ['Human factors/Lack of training', 'Equipment/Wrong equipment used'],
    actions: ['Training'],
    summaries: [
      'Employee felt a sharp pain in the lower back while lifting a carton in the {area}. Sent home; Form 7 completed.',
    ],
    closing: ['Manual handling refresher given to the team.'],
    closeRate: 0.65,
  },
  {
    what: ['Safety', 'Injury', 'Struck by object'],
    weight: 2,
    where: [AISLES, SHIPPING],
    severity: { Medium: 1, High: 2 },
    victim: 'employee',
    injured: true,
    reporter: 'employee',
    witness: 0.6,
    causes: ['Procedure/Not followed', 'Environment/Housekeeping'],
    actions: ['Training', 'Policy change'],
    summaries: ['A box fell from the top rack in the {area} and struck an employee on the shoulder.'],
    closing: ['Racking load limits re-marked; team briefed.'],
    closeRate: 0.6,
  },
  {
    what: ['Safety', 'Medical', 'Medical emergency'],
    weight: 3,
    where: [LOBBY, OFFICE, SALES, LUNCHROOM],
    severity: { High: 2, Critical: 1 },
    victim: 'public',
    injured: true,
    reporter: 'employee',
    actions: ['Referred'],
    summaries: [
      'Person collapsed in the {area}. Officers started CPR and used the AED until paramedics arrived and took over.',
    ],
    closing: ['Person taken to hospital by paramedics; AED pads replaced.'],
    closeRate: 0.8,
  },
  {
    what: ['Safety', 'Medical', 'First aid'],
    weight: 4,
    where: [LUNCHROOM, OFFICE, STAFFROOM, AISLES],
    severity: { Low: 1 },
    victim: 'employee',
    injured: true,
    reporter: 'employee',
    summaries: ['Employee cut a finger on a box cutter in the {area}. Cleaned and bandaged by the first aider.'],
    closing: ['First aid kit restocked.'],
    closeRate: 0.9,
  },
  {
    what: ['Safety', 'Fire', 'Fire alarm'],
    weight: 3,
    where: [`${HO}/Tower A`, `${DC}/Warehouse`, STORE],
    severity: { Medium: 1, High: 1 },
    reporter: 'employee',
    causes: ['Human factors/Distraction', 'Equipment/Malfunction'],
    actions: ['No action required', 'Equipment repair'],
    summaries: [
      'Fire alarm sounded and the building was evacuated. Fire services attended; cause was burnt toast in a kitchenette.',
    ],
    closing: ['All clear given by the fire department after 25 minutes.'],
    closeRate: 0.9,
  },
  {
    what: ['Safety', 'Hazard', 'Spill'],
    weight: 3,
    where: [AISLES, SHIPPING, LUNCHROOM],
    severity: { Low: 2, Medium: 1 },
    reporter: 'employee',
    causes: ['Environment/Housekeeping'],
    summaries: ['Leaking drum of cleaning product found in the {area}. Area taped off and the spill kit used.'],
    closing: ['Spill cleaned up; drum disposed of by the supplier.'],
    closeRate: 0.85,
  },
  {
    what: ['Safety', 'Hazard', 'Blocked exit'],
    weight: 2,
    where: [SHIPPING, STOCKROOM],
    severity: { Medium: 1 },
    reporter: 'employee',
    causes: ['Procedure/Not followed'],
    actions: ['Training'],
    summaries: ['Emergency exit in the {area} found blocked by pallets during the night patrol.'],
    closing: ['Pallets moved; floor markings repainted.'],
    closeRate: 0.9,
  },
  {
    what: ['Property', 'Damage', 'Vandalism', 'Graffiti'],
    weight: 4,
    where: [RAMP, DOCK, SHIPPING],
    severity: { Low: 3, Medium: 1 },
    suspect: { chance: 0.3, recurring: 0.3 },
    reporter: 'employee',
    business: { chance: 0.5, relation: 'relationVictim', owner: true },
    actions: ['Increased patrols'],
    summaries: ['Graffiti sprayed on the wall by the {area} overnight. Photographed before cleaning.'],
    closing: ['Graffiti removed by the cleaning contractor.'],
    closeRate: 0.8,
  },
  {
    what: ['Property', 'Damage', 'Vandalism', 'Broken glass'],
    weight: 3,
    where: [LOBBY, SALES, VISITORS],
    severity: { Medium: 2, High: 1 },
    suspect: { chance: 0.5, recurring: 0.5 },
    reporter: 'employee',
    vehicle: { chance: 0.5, involvement: 'Victim vehicle' },
    business: { chance: 0.4, relation: 'relationVictim', owner: true },
    actions: ['Equipment repair', 'Referred'],
    summaries: [
      'Glass panel at the {area} found shattered at opening time. Camera shows a person kicking it at 02:40.',
    ],
    closing: ['Glass replaced; insurance claim submitted.'],
    closeRate: 0.7,
  },
  {
    what: ['Property', 'Damage', 'Accidental damage'],
    weight: 3,
    where: [RAMP, VISITORS, RECEIVING],
    severity: { Low: 2, Medium: 1 },
    reporter: 'public',
    vehicle: { chance: 0.8, involvement: 'Involved in collision' },
    business: { chance: 0.4, relation: 'relationSubject' },
    summaries: [
      'A delivery truck reversed into the barrier arm at the {area}, bending it.',
      'Driver scraped a pillar in the {area} and reported it at the desk.',
    ],
    closing: ["Repair billed to the driver's insurer."],
    closeRate: 0.75,
  },
  {
    what: ['Property', 'Building systems', 'Water leak'],
    weight: 3,
    where: [SERVERS, `${STORE}/Basement`, OFFICE],
    severity: { Medium: 2, High: 1 },
    reporter: 'employee',
    business: { chance: 0.5, relation: 'relationSubject' },
    causes: ['Equipment/Maintenance overdue'],
    actions: ['Equipment repair'],
    summaries: [
      'Water dripping from the ceiling in the {area}. Facilities shut the valve; ceiling tiles and a carpet damaged.',
    ],
    closing: ['Pipe repaired by the plumber; tiles replaced.'],
    closeRate: 0.8,
  },
  {
    what: ['Property', 'Building systems', 'Elevator entrapment'],
    weight: 2,
    where: [`${HO}/Tower A`],
    severity: { Medium: 1, High: 1 },
    victim: 'public',
    reporter: 'employee',
    business: { chance: 0.9, relation: 'relationSubject' },
    actions: ['Equipment repair'],
    summaries: ['Two people trapped in elevator 3 between floors for 35 minutes until the technician released them.'],
    closing: ['Elevator inspected and door operator replaced.'],
    closeRate: 0.85,
  },
  {
    what: ['Crime against persons', 'Assault', 'Physical assault'],
    weight: 2,
    where: [LOBBY, SALES, VISITORS],
    severity: { High: 2, Critical: 1 },
    suspect: { chance: 0.9, recurring: 0.4 },
    victim: 'employee',
    injured: true,
    reporter: 'employee',
    witness: 0.7,
    actions: ['Referred'],
    summaries: ['Person refused to leave the {area} and punched the officer who escorted them out. Police called.'],
    closing: ['Suspect arrested by police; charges laid.'],
    sensitive: true,
    closeRate: 0.75,
  },
  {
    what: ['Crime against persons', 'Threats', 'Verbal threat'],
    weight: 3,
    where: [RECEPTION, CHECKOUT, LOBBY],
    severity: { Medium: 2, High: 1 },
    suspect: { chance: 1, recurring: 0.3 },
    victim: 'employee',
    reporter: 'employee',
    actions: ['Referred', 'Increased patrols'],
    summaries: ['Customer shouted threats at the {area} after a refund was refused, saying they would come back.'],
    closing: ['Trespass notice issued.'],
    closeRate: 0.65,
  },
  {
    what: ['Crime against persons', 'Harassment', 'Workplace harassment'],
    weight: 2,
    where: [OFFICE, LUNCHROOM, STAFFROOM, MEETING],
    severity: { Medium: 1, High: 1 },
    suspect: { chance: 1, recurring: 0 },
    victim: 'employee',
    reporter: 'employee',
    actions: ['Disciplinary action', 'Referred'],
    summaries: ['Employee reported repeated unwanted comments from a co-worker in the {area} over several weeks.'],
    closing: ['Investigated by Human Resources; findings sent to the parties.'],
    sensitive: true,
    closeRate: 0.6,
  },
  {
    what: ['Crime against persons', 'Robbery'],
    weight: 1,
    where: [CHECKOUT],
    severity: { Critical: 1 },
    suspect: { chance: 1, recurring: 0 },
    victim: 'employee',
    reporter: 'employee',
    witness: 1,
    items: { group: 'office', status: 'stolen', max: 1 },
    actions: ['Referred', 'Training'],
    summaries: [
      'Suspect demanded the cash from the till at the {area}, claiming to have a knife. Cashier complied; no one hurt.',
    ],
    closing: ['Police investigation ongoing; staff offered counselling.'],
    sensitive: true,
    closeRate: 0.5,
  },
  {
    what: ['Loss', 'Lost property', 'Reported lost'],
    weight: 5,
    where: [LOBBY, RECEPTION, SALES, LUNCHROOM],
    severity: { Low: 1 },
    victim: 'public',
    reporter: 'public',
    items: { group: 'lost', status: 'lost', max: 1 },
    summaries: ['Visitor reports losing {item} somewhere between the {area} and the street.'],
    closing: ['Not found after 30 days.', 'Found and returned to the owner.'],
    closeRate: 0.9,
  },
  {
    what: ['Loss', 'Lost property', 'Found and returned'],
    weight: 4,
    where: [LOBBY, VISITORS, FITTING, LUNCHROOM],
    severity: { Low: 1 },
    reporter: 'employee',
    items: { group: 'lost', status: 'found', max: 1 },
    summaries: ['{item} found in the {area} and handed in at the security desk.'],
    closing: ['Owner identified and the item returned.'],
    closeRate: 0.95,
  },
  {
    what: ['Loss', 'Fraud', 'Counterfeit currency'],
    weight: 2,
    where: [CHECKOUT],
    severity: { Low: 1, Medium: 1 },
    suspect: { chance: 0.8, recurring: 0.3 },
    reporter: 'employee',
    actions: ['Training', 'Referred'],
    summaries: ['Counterfeit $100 note detected at the {area} by the pen test after the customer left.'],
    closing: ['Note handed to police.'],
    closeRate: 0.85,
  },
  {
    what: ['Loss', 'Inventory shrinkage', 'Receiving error'],
    weight: 2,
    where: [RECEIVING],
    severity: { Low: 1 },
    reporter: 'employee',
    business: { chance: 0.9, relation: 'relationSubject' },
    causes: ['Procedure/Not followed'],
    summaries: ['Shipment signed for as complete, but two cartons were short when it was put away.'],
    closing: ['Credit note received from the carrier.'],
    closeRate: 0.9,
  },
  {
    what: ['Referral', 'Police', 'Report filed'],
    weight: 2,
    where: [DESK, `${STORE}/Ground floor`],
    severity: { Medium: 1 },
    reporter: 'employee',
    actions: ['Referred'],
    summaries: ['Footage of a hit-and-run on the street outside was requested by police and provided from the {area}.'],
    closing: ['Footage handed over; receipt signed.'],
    closeRate: 0.95,
  },
];

/** Follow-up lines an edit adds to the summary. */
export const FOLLOW_UPS: readonly string[] = [
  'Update: footage reviewed with the site manager.',
  'Update: statement taken from the witness.',
  'Update: police occurrence number received.',
  'Update: insurance adjuster contacted.',
  'Update: the area was checked again on the next patrol; nothing further.',
];

/** Persons named in a close 'by other' (someone outside security signed it off). */
export const CLOSERS: readonly { first: string; last: string; position: string; department: string }[] = [
  { first: 'Grace', last: 'Chen', position: 'HR Manager', department: 'Human Resources' },
  { first: 'Benoît', last: 'Lévesque', position: 'Regional Manager', department: 'Operations' },
  { first: 'Karim', last: 'Aziz', position: 'Health and Safety Lead', department: 'Operations' },
];
