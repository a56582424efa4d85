import { describe, expect, it } from 'vitest';
import { buildSections } from './build-sections';
import { company, context, correctiveAction, incident, item, LOOKUP, person, uuid, vehicle } from './test-fixtures';
import type { ViewSection } from './view-sections';

const section = (sections: ViewSection[], key: string) => {
  const found = sections.find((s) => s.key === key);
  if (!found) throw new Error(`no section ${key}`);
  return found;
};
const fieldText = (fields: { label: string; text: string }[], label: string) =>
  fields.find((f) => f.label === label)?.text;

describe('buildSections', () => {
  it('lists the sections of the viewer in order, with their counts', () => {
    const sections = buildSections(incident({ persons: [person(), person()] }), context, { canViewPrivate: true });
    expect(sections.map((s) => s.title)).toEqual([
      'When What Where Why',
      'Persons (2)',
      'Legal entities (0)',
      'Vehicles (0)',
      'Items (0)',
      'Attachments (0)',
      'Corrective actions',
    ]);
  });

  it("shows 'Not assigned', 'Unknown' for nameless users and the summary as rich text", () => {
    const sections = buildSections(incident({ createUserName: '' }), context, { canViewPrivate: false });
    const fields = section(sections, 'incident').fields;
    expect(fieldText(fields, 'Entered by')).toBe('Unknown');
    expect(fieldText(fields, 'Investigator')).toBe('Not assigned');
    const summary = fields.find((f) => f.label === 'Summary');
    expect(summary).toMatchObject({ text: 'Window broken', html: '<p>Window broken</p>' });
  });

  it('adds Close information only for a closed incident', () => {
    const close = {
      closedBy: 'OTHER' as const,
      closeUserId: null,
      closeUserName: '',
      closeUserFirstName: '',
      closeUserLastName: '',
      closeFirstName: 'Olive',
      closeMiddleName: 'K',
      closeLastName: 'Other',
      closeAlias: '',
      closePosition: 'Manager',
      closeDepartment: '',
      closeEmail: 'olive@example.com',
      closePhone: '',
      closeMobilePhone: '',
      closeComments: 'Resolved',
      closeCommentsText: 'Resolved',
      closeDate: '2024-03-06T10:00:00.000Z',
    };
    const sections = buildSections(incident({ close }), context, { canViewPrivate: false });
    const info = section(sections, 'close');
    expect(info.title).toBe('Close information');
    expect(fieldText(info.fields, 'Closed by')).toBe('By other');
    expect(fieldText(info.fields, 'Name')).toBe('Olive K Other');
    expect(fieldText(info.fields, 'Position')).toBe('Manager');
    expect(buildSections(incident(), context, { canViewPrivate: false }).some((s) => s.key === 'close')).toBe(false);
  });

  it('marks person panels masked with the privilege and hidden without it or when the server withheld them', () => {
    const p = person({
      firstName: 'Ann',
      phone: '555-0100',
      lookupGenderTypeId: LOOKUP.female,
      dateOfBirth: '1990-05-01',
    });
    const masked = section(buildSections(incident({ persons: [p] }), context, { canViewPrivate: true }), 'persons');
    const card = masked.cards[0];
    expect(card?.privacy).toBe('masked');
    expect(card?.fields.filter((f) => f.private).map((f) => f.label)).toEqual([
      'Date of birth',
      'Gender',
      'Location',
      'Phone',
      'Mobile phone',
      'Email',
    ]);
    expect(fieldText(card?.fields ?? [], 'Gender')).toBe('Female');
    expect(fieldText(card?.fields ?? [], 'Date of birth')).toBe('01/05/1990');

    const noPrivilege = section(
      buildSections(incident({ persons: [p] }), context, { canViewPrivate: false }),
      'persons',
    );
    expect(noPrivilege.cards[0]?.privacy).toBe('hidden');
    const withheld = person({ privateHidden: true, phone: null, email: null });
    const hidden = section(
      buildSections(incident({ persons: [withheld] }), context, { canViewPrivate: true }),
      'persons',
    );
    expect(hidden.cards[0]?.privacy).toBe('hidden');
    expect(fieldText(hidden.cards[0]?.fields ?? [], 'Phone')).toBe('');
  });

  it('shows department and position for employees, type and location for others', () => {
    const employee = person({ isEmployee: true, lookupDepartmentId: LOOKUP.security, position: 'Guard' });
    const visitor = person({ lookupPersonTypeId: LOOKUP.customer });
    const cards = section(
      buildSections(incident({ persons: [employee, visitor] }), context, { canViewPrivate: true }),
      'persons',
    ).cards;
    const [e, v] = [cards[0]?.fields ?? [], cards[1]?.fields ?? []];
    expect(fieldText(e, 'Type')).toBe('Employee');
    expect(fieldText(e, 'Department')).toBe('Security');
    expect(fieldText(e, 'Position')).toBe('Guard');
    expect(e.some((f) => f.label === 'Location')).toBe(false);
    expect(fieldText(v, 'Type')).toBe('Customer');
    expect(v.some((f) => f.label === 'Department')).toBe(false);
    expect(v.some((f) => f.label === 'Location')).toBe(true);
  });

  it('hides the details of the owner company', () => {
    const owner = company({ name: 'Our Company', isOwner: true, phone: '555', contact: 'Boss' });
    const other = company({ name: 'ACME', phone: '555', contact: 'Wile' });
    const cards = section(
      buildSections(incident({ companies: [owner, other] }), context, { canViewPrivate: true }),
      'companies',
    ).cards;
    expect(cards[0]?.fields.map((f) => f.label)).toEqual(['Relation', 'Is owner', 'Name', 'Comments']);
    expect(fieldText(cards[0]?.fields ?? [], 'Is owner')).toBe('Yes');
    expect(fieldText(cards[1]?.fields ?? [], 'Contact')).toBe('Wile');
  });

  it('names owners of vehicles and items from the parties when the server did not, Unknown for nameless ones', () => {
    const ann = person({ firstName: 'Ann', lastName: 'Lee' });
    const nameless = company({ name: '' });
    const car = vehicle({ ownerPersonId: ann.id, licensePlate: '' });
    const phone = { ...item({ ownerPersonId: nameless.id, name: 'Phone', value: 99_900, status: 'stolen' }) };
    const sections = buildSections(
      incident({ persons: [ann], companies: [nameless], vehicles: [car], items: [phone] }),
      context,
      {
        canViewPrivate: true,
      },
    );
    const carCard = section(sections, 'vehicles').cards[0];
    expect(carCard?.title).toBe('Vehicle 1');
    expect(fieldText(carCard?.fields ?? [], 'Owner')).toBe('Ann Lee');
    const itemCard = section(sections, 'items').cards[0];
    expect(fieldText(itemCard?.fields ?? [], 'Owner')).toBe('Unknown');
    expect(fieldText(itemCard?.fields ?? [], 'Value')).toBe('$999.00');
    expect(fieldText(itemCard?.fields ?? [], 'Status')).toBe('Stolen');
  });

  it('lists in Attachments only the files not tied to a vehicle or item, and gives those to their cards', () => {
    const car = vehicle();
    const phone = item();
    const loose = { id: uuid(), name: 'Scene', comments: '', incidentItemId: null, incidentVehicleId: null };
    const ofCar = { id: uuid(), name: 'Dent', comments: '', incidentItemId: null, incidentVehicleId: car.id };
    const ofItem = { id: uuid(), name: 'Receipt', comments: '', incidentItemId: phone.id, incidentVehicleId: null };
    const sections = buildSections(
      incident({ vehicles: [car], items: [phone], attachments: [loose, ofCar, ofItem] }),
      context,
      { canViewPrivate: false },
    );
    const files = section(sections, 'attachments');
    expect(files.title).toBe('Attachments (1)');
    expect(files.files.map((f) => f.name)).toEqual(['Scene']);
    expect(section(sections, 'vehicles').cards[0]?.files.map((f) => f.name)).toEqual(['Dent']);
    expect(section(sections, 'items').cards[0]?.files.map((f) => f.name)).toEqual(['Receipt']);
  });

  it('names corrective actions by type and their involved persons, Unknown for those no longer on the incident', () => {
    const ann = person({ firstName: 'Ann' });
    const action = correctiveAction({
      typeId: LOOKUP.referral,
      displayType: 'REFERRED',
      involvedPersonList: [ann.id, uuid()],
      referredType: 'INTERNAL',
      referredInternalDepartmentId: LOOKUP.security,
      referredContactFirstName: 'Rita',
    });
    const card = section(
      buildSections(incident({ persons: [ann], correctiveActions: [action] }), context, { canViewPrivate: false }),
      'correctiveActions',
    ).cards[0];
    expect(card?.title).toBe('Referral');
    expect(fieldText(card?.fields ?? [], 'Involved persons')).toBe('Ann, Unknown');
    expect(fieldText(card?.fields ?? [], 'Referral')).toBe('Internal');
    expect(fieldText(card?.fields ?? [], 'Department')).toBe('Security');
    expect(fieldText(card?.fields ?? [], 'Contact person')).toBe('Rita');
  });
});
