import {
  type Attachment,
  type IncidentDetail,
  type IncidentRow,
  type ItemView,
  type Page,
  type PersonView,
  PRIVATE_PERSON_FIELDS,
  STAFF_PRIVILEGES,
  type VehicleView,
} from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../../test/fixtures/incident-fixtures';
import { auditRowsOf, submitIncident, uploadToIncident } from '../../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../../test/test-app';
import { incidents, users } from '../../../db/schema/index';
import { pictureFolder } from '../incident-fields';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;
let admin: Record<string, string>;
let incident: Awaited<ReturnType<typeof submitIncident>>;
let files: { general: Attachment; ofVehicle: Attachment; ofItem: Attachment };

const PARTS = ['', '/persons', '/companies', '/vehicles', '/items', '/attachments', '/correctiveActions', '/parts'];
const get = <T>(path: string, headers: Record<string, string>) =>
  t.inject({ method: 'GET', url: `/api/incidents/${path}`, headers }).then((r) => ({ r, body: r.json<T>() }));
const readAudit = (payload: unknown, headers: Record<string, string>) =>
  t.inject({ method: 'POST', url: '/api/incidents/audits/read', headers, payload: payload as Record<string, unknown> });
const signInWith = async (privileges: Parameters<TestContext['createUser']>[1]) =>
  t.signIn(await t.createUser(a.accountId, privileges));

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Viewer A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'Viewer B' });
  refs = await companyRefs(t.database, a.accountId);
  staff = await t.signIn(a.staff);
  admin = await t.signIn(a.admin);
  const picture = `${pictureFolder(a.accountId)}face.jpg`;
  incident = await submitIncident(t, staff, refs, { persons: 2, companies: 2, vehicles: 2, items: 3 }, (fields) => ({
    ...fields,
    persons: fields.persons.map((person, n) => (n === 1 ? { ...person, personPicture: picture } : person)),
    // Item 2 has no owner.
    items: fields.items.map((item, n) => (n === 2 ? { ...item, ownerPersonId: null } : item)),
  }));
  const vehicle = incident.fields.vehicles[0]?.id ?? '';
  const item = incident.fields.items[1]?.id ?? '';
  files = {
    general: await uploadToIncident(t, staff, incident.id, { name: 'Floor plan' }),
    ofVehicle: await uploadToIncident(t, staff, incident.id, { name: 'Dent', incidentVehicleId: vehicle }),
    ofItem: await uploadToIncident(t, staff, incident.id, { name: 'Receipt', incidentItemId: item }),
  };
});
afterAll(() => t.close());

describe('GET /api/incidents/:id', () => {
  it('answers the incident with its location, counts, names and the creator’s actions', async () => {
    const { r, body } = await get<IncidentDetail>(incident.id, staff);
    expect(r.statusCode, r.body).toBe(200);
    expect(body).toMatchObject({
      id: incident.id,
      number: incident.number,
      status: 1,
      locked: false,
      createUserId: a.staff.id,
      createUserName: expect.stringMatching(/^Test User /),
      assignedUserId: null,
      assignedUserName: null,
      lastClassId: refs.incidentClass,
      severityId: refs.severityType,
      primaryCauseId: refs.incidentCause,
      location: incident.fields.location,
      close: null,
      // Attachments counts only the files not tied to a vehicle or item (the viewer's section).
      counts: { persons: 2, companies: 2, vehicles: 2, items: 3, attachments: 1, correctiveActions: 1 },
      actions: {
        edit: true,
        close: true,
        reopen: false,
        lock: false,
        print: true,
        history: true,
        delete: false,
        viewPrivate: false,
      },
    });
    expect(body.summaryText).toMatch(/^The suspect entered/);
    expect(Date.parse(body.creationDate)).not.toBeNaN();
  });

  it('offers an admin every action that applies to an open incident', async () => {
    const { body } = await get<IncidentDetail>(incident.id, admin);
    expect(body.actions).toEqual({
      edit: true,
      close: true,
      reopen: false,
      lock: false,
      print: true,
      history: true,
      delete: true,
      viewPrivate: true,
    });
  });

  it("names a creator or investigator without a name 'Unknown'", async () => {
    const nameless = await t.createUser(a.accountId, { privileges: STAFF_PRIVILEGES });
    const own = await submitIncident(t, await t.signIn(nameless), refs);
    await t.database.system(async (tx) => {
      await tx.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, nameless.id));
      await tx.update(incidents).set({ assignedUserId: nameless.id }).where(eq(incidents.id, own.id));
    });
    const { body } = await get<IncidentDetail>(own.id, admin);
    expect([body.createUserName, body.assignedUserName]).toEqual(['Unknown', 'Unknown']);
  });
});

describe('GET /api/incidents/:id/persons', () => {
  it('masks the private fields without PRIVACY_INFO_VIEW: null, never sent, privateHidden', async () => {
    const { r, body } = await get<PersonView[]>(`${incident.id}/persons`, staff);
    expect(r.statusCode).toBe(200);
    expect(body.map((p) => p.id)).toEqual(incident.fields.persons.map((p) => p.id));
    for (const person of body) {
      expect(person.privateHidden).toBe(true);
      for (const field of PRIVATE_PERSON_FIELDS) expect(person[field], field).toBeNull();
      expect(person.firstName).toMatch(/^First/);
      expect(person.charOther).toBe('Tattoo of an anchor on the left forearm.');
    }
    expect(r.body).not.toContain('person0@example.com');
    expect(r.body).not.toContain('1980-02-29');
  });

  it('sends them to a holder of PRIVACY_INFO_VIEW', async () => {
    const reader = await signInWith({ privileges: ['ALLINCIDENT_SEARCH', 'PRIVACY_INFO_VIEW'] });
    const { body } = await get<PersonView[]>(`${incident.id}/persons`, reader);
    const [first] = body;
    expect(first).toMatchObject({
      privateHidden: false,
      dateOfBirth: '1980-02-29',
      email: 'person0@example.com',
      phone: '416-555-0100',
      address: '100 Main Street',
      lookupGenderTypeId: refs.genderType,
    });
  });

  it('answers a signed URL for the picture of a person that has one', async () => {
    const { body } = await get<PersonView[]>(`${incident.id}/persons`, staff);
    expect(body[0]?.personPictureSasKey).toBeNull();
    const url = body[1]?.personPictureSasKey ?? '';
    expect(url).toMatch(new RegExp(`^/api/files/${pictureFolder(a.accountId)}face\\.jpg\\?.*&s=`));
  });
});

describe('GET the other parts', () => {
  it('answers companies and corrective actions in card order', async () => {
    const companies = await get<{ id: string; name: string }[]>(`${incident.id}/companies`, staff);
    expect(companies.body.map((c) => [c.id, c.name])).toEqual(incident.fields.companies.map((c) => [c.id, c.name]));
    const actions = await get<{ id: string; typeId: string }[]>(`${incident.id}/correctiveActions`, staff);
    expect(actions.body).toEqual([expect.objectContaining({ id: incident.fields.correctiveActions[0]?.id })]);
  });

  it("answers vehicles and items with the owner's name and only their own files", async () => {
    const vehicles = (await get<VehicleView[]>(`${incident.id}/vehicles`, staff)).body;
    expect(vehicles.map((v) => v.licensePlate)).toEqual(['ABC 100', 'ABC 101']);
    // The fixture's owners: vehicle n is owned by party n (persons, then companies).
    expect(vehicles.map((v) => v.ownerName)).toEqual(['First0 Q Last0', 'First1 Q Last1']);
    expect(vehicles[0]?.attachments.map((f) => f.id)).toEqual([files.ofVehicle.id]);
    expect(vehicles[0]?.attachments[0]?.sasKey).toMatch(/[?&]s=/);
    expect(vehicles[1]?.attachments).toEqual([]);

    const items = (await get<ItemView[]>(`${incident.id}/items`, staff)).body;
    expect(items.map((i) => i.ownerName)).toEqual(['First1 Q Last1', 'Acme Supplies 0', null]);
    expect(items[1]?.attachments.map((f) => f.id)).toEqual([files.ofItem.id]);
    expect(items[1]?.attachments[0]).toMatchObject({ name: 'Receipt', incidentItemId: items[1]?.id });
  });

  it("names an owner card without a name 'Unknown'", async () => {
    const owner = incident.fields.persons[0]?.id ?? '';
    await t.database.system((tx) =>
      tx.execute(
        sql`update incident_persons set first_name = '', middle_name = '', last_name = '' where incident_id = ${incident.id} and id = ${owner}`,
      ),
    );
    const vehicles = (await get<VehicleView[]>(`${incident.id}/vehicles`, staff)).body;
    expect(vehicles[0]?.ownerName).toBe('Unknown');
    await t.database.system((tx) =>
      tx.execute(
        sql`update incident_persons set first_name = 'First0', middle_name = 'Q', last_name = 'Last0' where incident_id = ${incident.id} and id = ${owner}`,
      ),
    );
  });

  it('lists every attachment of the incident on GET /attachments, tied ones included', async () => {
    const { body } = await get<Attachment[]>(`${incident.id}/attachments`, staff);
    expect(body.map((f) => f.id)).toEqual([files.general.id, files.ofVehicle.id, files.ofItem.id]);
  });
});

describe('GET /api/incidents/:id/parts', () => {
  // Signed URLs carry their own expiry: compared without their query strings.
  const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?[^"]*/g, ''));

  it('answers every part as its own call does, masked the same way for each reader', async () => {
    for (const headers of [staff, admin]) {
      const { r, body } = await get<Record<string, unknown>>(`${incident.id}/parts`, headers);
      expect(r.statusCode, r.body).toBe(200);
      for (const part of ['persons', 'companies', 'vehicles', 'items', 'attachments', 'correctiveActions']) {
        const single = await get<unknown>(`${incident.id}/${part}`, headers);
        expect(unsigned(body[part]), part).toEqual(unsigned(single.body));
      }
    }
    const masked = await get<{ persons: PersonView[] }>(`${incident.id}/parts`, staff);
    expect(masked.body.persons.every((person) => person.privateHidden)).toBe(true);
    const shown = await get<{ persons: PersonView[] }>(`${incident.id}/parts`, admin);
    expect(shown.body.persons.some((person) => person.privateHidden)).toBe(false);
    expect(masked.body.persons).toHaveLength(2);
  });
});

describe('who may read an incident', () => {
  it('answers 401 without a session on every viewer call', async () => {
    for (const part of PARTS) {
      const response = await t.inject({ method: 'GET', url: `/api/incidents/${incident.id}${part}` });
      expect(response.statusCode, part).toBe(401);
    }
    expect((await readAudit({ id: incident.id, number: 1 }, {})).statusCode).toBe(401);
  });

  it('answers 403 to a user without any privilege that shows incidents', async () => {
    const none = await signInWith({ privileges: ['INCIDENT_LOCK', 'PRIVACY_INFO_VIEW', 'INCIDENT_DELETE'] });
    for (const part of PARTS) {
      expect((await get(`${incident.id}${part}`, none)).r.statusCode, part).toBe(403);
    }
    expect((await readAudit({ id: incident.id, number: 1 }, none)).statusCode).toBe(403);
  });

  it("answers 404 'Incident not found.' for another user's incident without ALLINCIDENT_*, and another company's", async () => {
    const colleague = await signInWith({ privileges: STAFF_PRIVILEGES });
    const stranger = await t.signIn(b.admin);
    for (const headers of [colleague, stranger]) {
      for (const part of PARTS) {
        const { r, body } = await get(`${incident.id}${part}`, headers);
        expect([r.statusCode, body], part).toEqual([404, { code: 'NOT_FOUND', message: 'Incident not found.' }]);
      }
      expect((await readAudit({ id: incident.id, number: incident.number }, headers)).statusCode).toBe(404);
    }
  });

  it('lets the assigned investigator with MYINCIDENT_SEARCH read it', async () => {
    const investigator = await t.createUser(a.accountId, { privileges: ['MYINCIDENT_SEARCH'] });
    const own = await submitIncident(t, admin, refs, {}, (fields) => ({ ...fields, assignedUserId: investigator.id }));
    const headers = await t.signIn(investigator);
    for (const part of PARTS) expect((await get(`${own.id}${part}`, headers)).r.statusCode, part).toBe(200);
  });

  it('hides a locked incident from everyone without INCIDENT_LOCK, its creator included', async () => {
    const locked = await submitIncident(t, staff, refs);
    await t.database.system((tx) => tx.update(incidents).set({ locked: true }).where(eq(incidents.id, locked.id)));
    for (const part of PARTS) {
      expect((await get(`${locked.id}${part}`, staff)).r.statusCode, part).toBe(404);
      expect((await get(`${locked.id}${part}`, admin)).r.statusCode, part).toBe(200);
    }
    expect((await readAudit({ id: locked.id, number: locked.number }, staff)).statusCode).toBe(404);
  });

  it("answers 400 'Invalid id' to an id that is not a UUID", async () => {
    for (const part of PARTS) {
      const { r, body } = await get(`not-an-id${part}`, staff);
      expect([r.statusCode, body], part).toEqual([400, { code: 'BAD_REQUEST', message: 'Invalid id' }]);
    }
    const response = await readAudit({ id: 'not-an-id', number: 1 }, staff);
    expect([response.statusCode, response.json()]).toEqual([400, { code: 'BAD_REQUEST', message: 'Invalid id' }]);
  });
});

describe('POST /api/incidents/audits/read', () => {
  it('writes an INCIDENT / READ audit entry naming the stored number', async () => {
    const before = await auditRowsOf(t, incident.id, 'READ');
    const response = await readAudit({ id: incident.id, number: 999_999 }, staff);
    expect(response.statusCode).toBe(204);
    const after = await auditRowsOf(t, incident.id, 'READ');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      accountId: a.accountId,
      objectName: `#${incident.number}`,
      createUserId: a.staff.id,
    });
  });

  it('writes nothing when refused', async () => {
    const colleague = await signInWith({ privileges: STAFF_PRIVILEGES });
    const before = await auditRowsOf(t, incident.id, 'READ');
    expect((await readAudit({ id: incident.id, number: incident.number }, colleague)).statusCode).toBe(404);
    expect(await auditRowsOf(t, incident.id, 'READ')).toHaveLength(before.length);
  });
});

describe('GET /api/incidents/my result columns', () => {
  it('answers the location and the names of every part in card order', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/incidents/my', headers: staff });
    const row = response.json<Page<IncidentRow>>().items.find((r) => r.id === incident.id);
    expect(row).toMatchObject({
      lastLocationId: refs.location,
      personNames: ['First0 Last0', 'First1 Last1'],
      companyNames: ['Acme Supplies 0', 'Acme Supplies 1'],
      vehicleNames: ['ABC 100', 'ABC 101'],
      itemNames: ['Item 0', 'Item 1', 'Item 2'],
      correctiveActionTypeIds: [refs.correctiveActionType],
    });
  });

  it("names a vehicle without a plate by make and model, and a nameless card 'Unknown'", async () => {
    const own = await submitIncident(t, staff, refs, { vehicles: 2 }, (fields) => ({
      ...fields,
      vehicles: fields.vehicles.map((v, n) => ({
        ...v,
        licensePlate: '',
        ...(n === 1 ? { maker: '', model: '' } : {}),
      })),
      items: fields.items.map((item) => ({ ...item, name: '' })),
      correctiveActions: [],
    }));
    const response = await t.inject({ method: 'GET', url: '/api/incidents/my', headers: staff });
    const row = response.json<Page<IncidentRow>>().items.find((r) => r.id === own.id);
    expect(row).toMatchObject({
      vehicleNames: ['Ford Transit', 'Unknown'],
      itemNames: ['Unknown'],
      correctiveActionTypeIds: [],
    });
  });
});
