import { randomUUID } from 'node:crypto';
import { type CloseBlock, DATE_FORMAT, MEASUREMENT_TYPE } from '@blotter/shared';
import { describe, expect, it } from 'vitest';
import {
  type CompanyRefs,
  companyCard,
  correctiveActionCard,
  itemCard,
  personCard,
  vehicleCard,
} from '../../../test/fixtures/incident-fixtures';
import type { PrintDocument } from '../../platform/pdf';
import type { IncidentSnapshot } from '../incidents/changes/record-incident-change';
import { assembleLookups, type LookupRow } from '../lookups/lookups.queries';
import { type IncidentPrintOptions, incidentPrintDocument } from './incident-print-document';

const id = () => randomUUID();
const row = (type: string, name: string, parentId: string | null = null, level = 1, code = ''): LookupRow => ({
  id: id(),
  type,
  name,
  active: true,
  parentId,
  level,
  addressId: null,
  code,
});

// A company's lookups: trees for what, where and why, lists for the rest.
const security = row('incidentClass', 'Security');
const theft = row('incidentClass', 'Theft', security.id, 2);
const shoplifting = row('incidentClass', 'Shoplifting', theft.id, 3);
const building = row('location', 'Head office');
const lobby = row('location', 'Lobby', building.id, 2);
const human = row('incidentCause', 'Human error');
const propped = row('incidentCause', 'Door propped open', human.id, 2);
const high = row('severityType', 'High');
const visitor = row('personType', 'Visitor');
const frontDesk = row('department', 'Front desk');
const female = row('genderType', 'Female');
const getaway = row('vehicleInvolvement', 'Getaway vehicle');
const training = row('correctiveActionType', 'Staff training');
const referredType = row('correctiveActionType', 'Referred', null, 1, 'REFERRED');
const police = row('referredAgency', 'City Police');
const ROWS = [
  security,
  theft,
  shoplifting,
  building,
  lobby,
  human,
  propped,
  high,
  visitor,
  frontDesk,
  female,
  getaway,
  training,
  referredType,
  police,
];
const lookups = assembleLookups({ rows: ROWS, labels: [] });

const refs: CompanyRefs = {
  incidentClass: shoplifting.id,
  severityType: high.id,
  incidentCause: propped.id,
  location: lobby.id,
  personType: visitor.id,
  department: frontDesk.id,
  genderType: female.id,
  vehicleInvolvement: getaway.id,
  correctiveActionType: training.id,
  referredType: referredType.id,
  referredAgency: police.id,
  city: { id: id(), name: 'Toronto' },
};

function snapshot(overrides: Partial<IncidentSnapshot> = {}): IncidentSnapshot {
  // Person 0 is an employee (even), person 1 is not.
  const jane = personCard(refs, 0, {
    firstName: 'Jane',
    middleName: 'Q',
    lastName: 'Doe',
    email: 'jane@private.example',
  });
  const sam = personCard(refs, 1, {
    firstName: 'Sam',
    middleName: '',
    lastName: 'Stone',
    phone: '416-555-0123',
    address: '77 Secret Lane',
    dateOfBirth: '1980-02-29',
  });
  const acme = companyCard(refs, 0, { name: 'Acme Supplies', contact: 'Pat Doe' });
  const owner = companyCard(refs, 1, { name: 'Our Company', isOwner: true, contact: 'Owner Contact' });
  const item = { ...itemCard(0, sam.id), value: 19_999 };
  const vehicle = vehicleCard(refs, 0, acme.id);
  const referred = correctiveActionCard(refs, 1, [jane.id, acme.id]);
  return {
    id: id(),
    number: 42,
    status: 1,
    locked: false,
    creationDate: '2024-03-01T15:00:00.000Z',
    lastUpdateDate: '2024-03-01T15:00:00.000Z',
    createUserId: id(),
    createUserName: 'Dana Whitfield',
    assignedUserId: null,
    assignedUserName: null,
    reportedDate: '2024-03-01T15:30:00.000Z',
    occurredDate: '2024-03-01T14:05:00.000Z',
    occurredDateUncertain: false,
    lastClassId: shoplifting.id,
    severityId: high.id,
    primaryCauseId: propped.id,
    causeComments: '<p>Door <em>propped</em> open &amp; unattended.</p>',
    summary: '<p>Laptop taken from the front desk.</p>',
    location: {
      address: '200 King Street',
      unit: '4',
      street: '',
      postalCode: 'M5H 1J9',
      cityId: refs.city.id,
      cityName: 'Toronto',
      stateName: 'Ontario',
      countryCode: 'CA',
      countryName: 'Canada',
      lastLocationId: lobby.id,
    },
    persons: [jane, sam],
    companies: [acme, owner],
    vehicles: [vehicle],
    items: [item],
    attachments: [
      { id: id(), name: 'CCTV still', comments: 'Camera 3', incidentItemId: null, incidentVehicleId: null },
      { id: id(), name: 'Receipt', comments: '', incidentItemId: item.id, incidentVehicleId: null },
    ],
    correctiveActions: [correctiveActionCard(refs, 0, [sam.id, id()]), referred],
    close: null,
    ...overrides,
  };
}

function options(overrides: Partial<IncidentPrintOptions> = {}): IncidentPrintOptions {
  return {
    companyName: 'Demo Security Inc.',
    dateFormat: DATE_FORMAT.MDY,
    measurementType: MEASUREMENT_TYPE.METRIC,
    timezoneOffset: 300,
    lookups,
    viewPrivate: false,
    files: new Map(),
    pictures: new Map(),
    printedBy: 'Dana Whitfield',
    printedAt: new Date('2024-03-02T14:00:00.000Z'),
    ...overrides,
  };
}

const section = (doc: PrintDocument, title: string) => {
  const found = doc.sections.find((s) => s.title === title);
  if (!found) throw new Error(`no section ${title}: ${doc.sections.map((s) => s.title).join(', ')}`);
  return found;
};
/** The fields of a block as label → value. */
const fieldsOf = (doc: PrintDocument, title: string, block = 0) =>
  Object.fromEntries((section(doc, title).blocks[block]?.fields ?? []).map((f) => [f.label, f.value]));

describe('incidentPrintDocument', () => {
  it('titles the incident with its number and status, and lists the sections in the order of the viewer', () => {
    const doc = incidentPrintDocument(snapshot(), options());
    expect(doc.title).toBe('Incident #42');
    expect(doc.subtitle).toBe('Open');
    expect(doc.companyName).toBe('Demo Security Inc.');
    expect(doc.sections.map((s) => s.title)).toEqual([
      'When What Where Why',
      'Persons (2)',
      'Legal entities (2)',
      'Vehicles (1)',
      'Items (1)',
      'Attachments (1)',
      'Corrective actions',
    ]);
    expect(doc.footer).toBe('Printed 03/02/2024 09:00 AM by Dana Whitfield');
  });

  it('prints When What Where Why with names and tree paths from the lookups, in the reader’s time zone', () => {
    const doc = incidentPrintDocument(snapshot(), options());
    expect(fieldsOf(doc, 'When What Where Why')).toEqual({
      'Entered by': 'Dana Whitfield',
      Investigator: 'Not assigned',
      'Date reported': '03/01/2024 10:30 AM',
      'Date occurred': '03/01/2024 09:05 AM',
      What: 'Security / Theft / Shoplifting',
      Severity: 'High',
      Location: 'Head office / Lobby',
      Address: 'Unit 4, 200 King Street, Toronto, Ontario M5H 1J9, Canada',
      'Root cause': 'Human error / Door propped open',
      'Cause comments': 'Door propped open & unattended.',
      Summary: 'Laptop taken from the front desk.',
    });
  });

  it('uses the company date format, a date only when the occurred date is uncertain, and the investigator', () => {
    const doc = incidentPrintDocument(
      snapshot({ occurredDateUncertain: true, assignedUserId: id(), assignedUserName: 'Ivan Investigator' }),
      options({ dateFormat: DATE_FORMAT.DMY, timezoneOffset: -60 }),
    );
    const fields = fieldsOf(doc, 'When What Where Why');
    expect(fields['Date reported']).toBe('01/03/2024 04:30 PM');
    expect(fields['Date occurred']).toBe('01/03/2024');
    expect(fields.Investigator).toBe('Ivan Investigator');
  });

  it("prints 'Unknown' for lookups that no longer exist and nothing for none chosen", () => {
    const doc = incidentPrintDocument(
      snapshot({ lastClassId: id(), severityId: null, primaryCauseId: id() }),
      options(),
    );
    const fields = fieldsOf(doc, 'When What Where Why');
    expect(fields.What).toBe('Unknown');
    expect(fields.Severity).toBe('');
    expect(fields['Root cause']).toBe('Unknown');
  });

  it("prints 'Hidden' for the private person details without PRIVACY_INFO_VIEW, and none of their values", () => {
    const incident = snapshot();
    const doc = incidentPrintDocument(incident, options({ viewPrivate: false }));
    const employee = fieldsOf(doc, 'Persons (2)', 0);
    const visitorFields = fieldsOf(doc, 'Persons (2)', 1);
    for (const fields of [employee, visitorFields]) {
      expect(fields['Date of birth']).toBe('Hidden');
      expect(fields.Gender).toBe('Hidden');
      expect(fields.Phone).toBe('Hidden');
      expect(fields['Mobile phone']).toBe('Hidden');
      expect(fields.Email).toBe('Hidden');
    }
    expect(visitorFields.Location).toBe('Hidden');
    const text = JSON.stringify(doc);
    for (const secret of ['jane@private.example', '416-555-0123', '77 Secret Lane', '1980', 'Female', 'M5V 2T6']) {
      expect(text).not.toContain(secret);
    }
  });

  it('prints the person panel with the private details for a holder of PRIVACY_INFO_VIEW', () => {
    const doc = incidentPrintDocument(snapshot(), options({ viewPrivate: true, dateFormat: DATE_FORMAT.DMY }));
    const section = doc.sections[1];
    expect(section?.blocks.map((b) => b.heading)).toEqual(['Jane Q Doe', 'Sam Stone']);
    const employee = fieldsOf(doc, 'Persons (2)', 0);
    expect(employee).toMatchObject({
      'First name': 'Jane',
      'Middle initial': 'Q',
      'Last name': 'Doe',
      Alias: 'Alias 0',
      'Person status': 'Injury, First aid',
      Relation: 'Reporter, Witness',
      Type: 'Employee',
      Department: 'Front desk',
      Position: 'Night clerk',
      'Date of birth': '29/02/1980',
      Gender: 'Female',
      Email: 'jane@private.example',
      'Height (cm)': '5 feet 9 inches',
      'Weight (kg)': '170',
      'Distinguishing features': 'Tattoo of an anchor on the left forearm.',
    });
    expect(employee).not.toHaveProperty('Location');
    const visitorFields = fieldsOf(doc, 'Persons (2)', 1);
    expect(visitorFields).toMatchObject({
      Type: 'Visitor',
      Location: 'Unit 12B, 77 Secret Lane Main Street, Toronto, Ontario M5V 2T6, Canada',
      Phone: '416-555-0123',
      Relation: 'Victim, Witness',
    });
    expect(visitorFields).not.toHaveProperty('Department');
  });

  it('labels height and weight in US units for US companies, and adds the picture when it could be read', () => {
    const incident = snapshot();
    const key = 'folder/pictures/jane.jpg';
    const first = incident.persons[0];
    if (!first) throw new Error('no person');
    incident.persons[0] = { ...first, personPicture: key };
    const picture = Buffer.from('jpeg bytes');
    const doc = incidentPrintDocument(
      incident,
      options({ measurementType: MEASUREMENT_TYPE.US, pictures: new Map([[key, picture]]) }),
    );
    expect(fieldsOf(doc, 'Persons (2)', 0)).toMatchObject({ 'Height (feet)': '5 feet 9 inches', 'Weight (lb)': '170' });
    expect(section(doc, 'Persons (2)').blocks[0]?.image).toBe(picture);
    expect(section(doc, 'Persons (2)').blocks[1]?.image).toBeUndefined();
  });

  it('prints legal entities, and no details of the owner company', () => {
    const doc = incidentPrintDocument(snapshot(), options());
    expect(fieldsOf(doc, 'Legal entities (2)', 0)).toEqual({
      Relation: 'Victim',
      'Is owner': 'No',
      Name: 'Acme Supplies',
      Location: expect.stringContaining('1 Industrial Road'),
      Contact: 'Pat Doe',
      Phone: '416-555-0111',
      'Mobile phone': '',
      Email: 'desk@acme.example',
      Comments: 'Delivery company',
    });
    const owner = fieldsOf(doc, 'Legal entities (2)', 1);
    expect(owner).toEqual({ Relation: 'Victim', 'Is owner': 'Yes', Name: 'Our Company', Comments: 'Delivery company' });
    expect(JSON.stringify(section(doc, 'Legal entities (2)').blocks[1])).not.toContain('Owner Contact');
  });

  it('prints no bare country code for an address that holds only its country', () => {
    const base = snapshot();
    const [acme] = base.companies;
    if (!acme) throw new Error('fixture without a company');
    const countryOnly = {
      ...acme,
      unit: '',
      address: '',
      street: '',
      postalCode: '',
      cityId: null,
      cityName: '',
      stateName: '',
      countryCode: 'CA',
    };
    const doc = incidentPrintDocument({ ...base, companies: [countryOnly] }, options());
    expect(fieldsOf(doc, 'Legal entities (1)', 0)).toMatchObject({ Location: '' });
    const abroad = { ...countryOnly, cityName: 'Paris', countryCode: 'FR' };
    const other = incidentPrintDocument({ ...base, companies: [abroad] }, options());
    expect(fieldsOf(other, 'Legal entities (1)', 0)).toMatchObject({ Location: 'Paris, France' });
  });

  it('prints vehicles and items with their owners, status, value in dollars and own files', () => {
    const doc = incidentPrintDocument(snapshot(), options());
    expect(fieldsOf(doc, 'Vehicles (1)')).toMatchObject({
      Owner: 'Acme Supplies',
      'License plate': 'ABC 100',
      Involvement: 'Getaway vehicle',
    });
    expect(fieldsOf(doc, 'Items (1)')).toMatchObject({
      Owner: 'Sam Stone',
      Status: 'Stolen',
      Value: '$199.99',
      'Serial number': 'SN-0',
      Attachments: 'Receipt',
    });
  });

  it('lists only the attachments that belong to no item or vehicle, with their type', () => {
    const incident = snapshot();
    const own = incident.attachments[0];
    if (!own) throw new Error('no attachment');
    const doc = incidentPrintDocument(
      incident,
      options({ files: new Map([[own.id, { fileName: 'still.jpg', attachmentType: 'IMAGE' }]]) }),
    );
    const attachments = section(doc, 'Attachments (1)');
    expect(attachments.blocks.map((b) => b.heading)).toEqual(['CCTV still']);
    expect(fieldsOf(doc, 'Attachments (1)')).toEqual({ Type: 'Image', File: 'still.jpg', Comments: 'Camera 3' });
  });

  it('prints corrective actions with type, involved persons by name, details, referral and contact', () => {
    const doc = incidentPrintDocument(snapshot(), options());
    const plain = fieldsOf(doc, 'Corrective actions', 0);
    expect(plain).toEqual({
      Type: 'Staff training',
      'Involved persons': 'Sam Stone, Unknown',
      Details: 'Action 0: review the footage.',
    });
    expect(fieldsOf(doc, 'Corrective actions', 1)).toMatchObject({
      Type: 'Referred',
      'Involved persons': 'Jane Q Doe, Acme Supplies',
      'Referred to': 'External: City Police',
      Contact: 'Sam Officer',
      'Contact position': 'Constable',
      'Contact email': 'sam@police.example',
    });
    expect(section(doc, 'Corrective actions').blocks[1]?.heading).toBe('Corrective action 2: Referred');
  });

  it('adds Close information for a closed incident and marks a locked one', () => {
    const close: CloseBlock = {
      closedBy: 'OTHER',
      closeUserId: null,
      closeUserName: '',
      closeUserFirstName: '',
      closeUserLastName: '',
      closeFirstName: 'Olga',
      closeMiddleName: '',
      closeLastName: 'Officer',
      closeAlias: '',
      closePosition: 'Sergeant',
      closeDepartment: 'Patrol',
      closeEmail: 'olga@police.example',
      closePhone: '911',
      closeMobilePhone: '',
      closeComments: 'Suspect charged.',
      closeCommentsText: 'Suspect charged.',
      closeDate: '2024-03-05T17:00:00.000Z',
    } as CloseBlock;
    const doc = incidentPrintDocument(snapshot({ status: 2, locked: true, close }), options());
    expect(doc.subtitle).toBe('Closed · Locked');
    expect(doc.sections.at(-1)?.title).toBe('Close information');
    expect(fieldsOf(doc, 'Close information')).toMatchObject({
      'Closed by': 'Olga Officer',
      'Date closed': '03/05/2024 12:00 PM',
      Position: 'Sergeant',
      Comments: 'Suspect charged.',
    });
  });

  it('says so when a section has nothing to list', () => {
    const doc = incidentPrintDocument(
      snapshot({ persons: [], companies: [], vehicles: [], items: [], attachments: [], correctiveActions: [] }),
      options(),
    );
    expect(doc.sections.map((s) => [s.title, s.blocks.length, s.empty])).toEqual([
      ['When What Where Why', 1, undefined],
      ['Persons (0)', 0, 'No persons.'],
      ['Legal entities (0)', 0, 'No legal entities.'],
      ['Vehicles (0)', 0, 'No vehicles.'],
      ['Items (0)', 0, 'No items.'],
      ['Attachments (0)', 0, 'No attachments.'],
      ['Corrective actions', 0, 'No corrective actions.'],
    ]);
  });
});
