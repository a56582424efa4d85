import type { IncidentFields, Page, Person, SubjectDetail, SubjectIncident, SubjectRow } from '@blotter/shared';
import { normalizeVehicleKey } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyRefs,
  companyCard,
  companyRefs,
  incidentForm,
  personCard,
  vehicleCard,
} from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

/*
 * Issue 31, subjects: the list (search, kinds, paging, counts of visible incidents), a subject's
 * identity (privacy, the unmasking audit) and its timeline under the incident policy.
 */

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function submit(headers: Record<string, string>, fields: IncidentFields) {
  const r = await t.inject({ method: 'POST', url: '/api/incidents', headers, payload: fields });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ id: string; number: number }>();
}

async function registerIdOf(incidentId: string): Promise<string> {
  const persons = (await t.inject({ method: 'GET', url: `/api/incidents/${incidentId}/persons`, headers: admin })).json<
    Person[]
  >();
  return persons[0]?.personId ?? '';
}

const get = <T>(url: string, headers = admin) =>
  t.inject({ method: 'GET', url: `/api${url}`, headers }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  });

/** An incident naming one person (Morgan Vale, as suspect), a legal entity and a vehicle. */
const form = (personId: string | null, occurred: string, plate = 'ab-12 cd'): IncidentFields => ({
  ...incidentForm(refs, { persons: 0, companies: 0, vehicles: 0, items: 0, correctiveActions: 0 }),
  occurredDate: occurred,
  persons: [
    personCard(refs, 0, {
      personId,
      firstName: 'Morgan',
      middleName: '',
      lastName: 'Vale',
      alias: personId ? 'Red' : 'Mo',
      relationReporter: false,
      relationSuspect: true,
      relationWitness: false,
      relationVictim: false,
    }),
  ],
  companies: [companyCard(refs, 0, { name: 'Quickfence Ltd' })],
  vehicles: [{ ...vehicleCard(refs, 0, null), licensePlate: plate, stateProvince: 'on' }],
});

let personId = '';
let firstId = '';
let secondId = '';
let lockedId = '';

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Subjects Co', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, company.accountId);
  admin = await t.signIn(company.admin);
  const first = await submit(admin, form(null, '2026-01-05T10:00:00.000Z'));
  firstId = first.id;
  personId = await registerIdOf(first.id);
  secondId = (await submit(admin, form(personId, '2026-03-05T10:00:00.000Z', 'AB12CD'))).id;
  lockedId = (await submit(admin, form(personId, '2026-04-05T10:00:00.000Z', 'AB 12-CD'))).id;
  for (const action of ['close', 'lock']) {
    const r = await t.inject({
      method: 'POST',
      url: `/api/incidents/${action}/${lockedId}`,
      headers: admin,
      payload: action === 'close' ? { closedBy: 'USER', closeComments: 'Done.' } : undefined,
    });
    expect(r.statusCode, r.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('the privileges SUBJECT_VIEW and SUBJECT_EDIT', () => {
  it('are held by administrators, and granted on a workgroup only by someone holding them', async () => {
    const session = await t.inject({ method: 'POST', url: '/api/users/sessions', headers: admin });
    expect(session.json<{ privileges: string[] }>().privileges).toEqual(
      expect.arrayContaining(['SUBJECT_VIEW', 'SUBJECT_EDIT']),
    );
    const grant = (headers: Record<string, string>, code: string) =>
      t.inject({ method: 'POST', url: `/api/userGroups/${company.staffGroupId}/privileges/${code}`, headers });
    const delegate = await t.createUser(company.accountId, { privileges: ['USERGROUP_EDIT', 'SUBJECT_VIEW'] });
    const delegateHeaders = await t.signIn(delegate);
    // The staff group must be within the delegate: give it nothing the delegate lacks first.
    await t.database.system((tx) =>
      tx.execute(sql`update workgroups set privileges = '{}' where id = ${company.staffGroupId}`),
    );
    const refused = await grant(delegateHeaders, 'SUBJECT_EDIT');
    expect(refused.statusCode, refused.body).toBe(403);
    const allowed = await grant(delegateHeaders, 'SUBJECT_VIEW');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<{ userPrivileges: string[] }>().userPrivileges).toEqual(['SUBJECT_VIEW']);
    expect((await grant(admin, 'SUBJECT_EDIT')).statusCode).toBe(200);
  });
});

describe('vehicle identity', () => {
  it('normalises plate and province alike in the database and in JavaScript', async () => {
    expect(normalizeVehicleKey('ab-12 cd', 'on')).toBe('AB12CD|ON');
    expect(normalizeVehicleKey(' - ', 'ON')).toBeNull();
    const keys = await t.database.system(async (tx) =>
      rowsOf<{ vehicle_key: string }>(
        await tx.execute(
          sql`select distinct vehicle_key from incident_vehicles where account_id = ${company.accountId}`,
        ),
      ),
    );
    expect(keys.map((k) => k.vehicle_key)).toEqual(['AB12CD|ON']);
  });
});

describe('GET /api/subjects', () => {
  it('lists persons, legal entities and vehicles by name, vehicles grouped by plate, with visible incidents only', async () => {
    const page = await get<Page<SubjectRow>>('/subjects?q=vale');
    expect(page.total).toBe(1);
    const [morgan] = page.items;
    expect(morgan).toMatchObject({ kind: 'person', id: personId, displayName: 'Morgan Vale', activeBan: null });
    // The admin sees all three incidents (the locked one included); the latest is the locked one.
    expect(morgan?.incidentCount).toBe(3);
    expect(morgan?.latestIncident?.id).toBe(lockedId);

    const vehicles = await get<Page<SubjectRow>>('/subjects?kind=vehicle');
    expect(vehicles.total).toBe(1);
    expect(vehicles.items[0]).toMatchObject({ kind: 'vehicle', incidentCount: 3, detail: 'Ford Transit White' });
    // A plate searched as typed anywhere: spaces and dashes do not matter.
    expect((await get<Page<SubjectRow>>('/subjects?q=b12-c')).items.map((row) => row.kind)).toEqual(['vehicle']);

    // The company's own legal entity is not a subject.
    const owner = await get<{ data: { id: string } }>('/companies/owner');
    const entities = await get<Page<SubjectRow>>('/subjects?kind=legalEntity');
    expect(entities.items.map((row) => row.id)).not.toContain(owner.data.id);
    // Each card was typed anew (no register pick): three register entries until they are merged.
    expect(entities.items.map((row) => row.displayName)).toEqual([
      'Quickfence Ltd',
      'Quickfence Ltd',
      'Quickfence Ltd',
    ]);
    expect(entities.items.map((row) => row.incidentCount)).toEqual([1, 1, 1]);
  });

  it('pages on the server with the shared page shape', async () => {
    const all = await get<Page<SubjectRow>>('/subjects?psz=100');
    expect(all.total).toBe(all.items.length);
    const names = all.items.map((row) => `${row.kind}:${row.id}`);
    const pages: string[] = [];
    for (let p = 0; p * 2 < all.total; p++) {
      const page = await get<Page<SubjectRow>>(`/subjects?p=${p}&psz=2`);
      expect(page).toMatchObject({ page: p, pageSize: 2, total: all.total });
      pages.push(...page.items.map((row) => `${row.kind}:${row.id}`));
    }
    expect(pages).toEqual(names);
    expect((await get<Page<SubjectRow>>('/subjects')).pageSize).toBe(10);
  });

  it('counts only the incidents the caller may see', async () => {
    const viewer = await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW', 'ALLINCIDENT_SEARCH'] });
    const headers = await t.signIn(viewer);
    const [morgan] = (await get<Page<SubjectRow>>('/subjects?q=morgan', headers)).items;
    expect(morgan?.incidentCount).toBe(2);
    expect(morgan?.latestIncident?.id).toBe(secondId);
    // Own-incident privileges only: another user's incidents are not counted.
    const own = await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW', 'MYINCIDENT_SEARCH'] });
    const [mine] = (await get<Page<SubjectRow>>('/subjects?q=morgan', await t.signIn(own))).items;
    expect(mine).toMatchObject({ incidentCount: 0, latestIncident: null });
  });

  it('needs SUBJECT_VIEW and refuses bad input with a message', async () => {
    const plain = await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH'] });
    const r = await t.inject({ method: 'GET', url: '/api/subjects', headers: await t.signIn(plain) });
    expect(r.statusCode).toBe(403);
    const bad = await t.inject({ method: 'GET', url: '/api/subjects?kind=ship', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('kind must be person, legalEntity or vehicle');
    expect((await t.inject({ method: 'GET', url: '/api/subjects' })).statusCode).toBe(401);
  });
});

describe('GET /api/subjects/:kind/:id', () => {
  const auditCount = () =>
    t.database.system(async (tx) => {
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from audit_entries where account_id = ${company.accountId}
               and object_type = 'SUBJECT' and transaction_type = 'READ_PRIVATE' and object_id = ${personId}`,
        ),
      );
      return row?.n ?? 0;
    });

  it('shows private fields with PRIVACY_INFO_VIEW and audits each unmasking', async () => {
    const before = await auditCount();
    const detail = await get<SubjectDetail>(`/subjects/person/${personId}`);
    expect(detail.person?.phone).toBe('416-555-0100');
    expect(detail.person?.privateHidden).toBeUndefined();
    expect(detail.aliases).toEqual(['Mo', 'Red']);
    expect(detail.incidentCount).toBe(3);
    expect(detail.lastSeenDate).toBe('2026-04-05T10:00:00.000Z');
    await get<SubjectDetail>(`/subjects/person/${personId}`);
    expect(await auditCount()).toBe(before + 2);
  });

  it('blanks them without PRIVACY_INFO_VIEW, and audits nothing', async () => {
    const viewer = await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW', 'ALLINCIDENT_SEARCH'] });
    const before = await auditCount();
    const detail = await get<SubjectDetail>(`/subjects/person/${personId}`, await t.signIn(viewer));
    expect(detail.person).toMatchObject({ phone: '', email: '', dateOfBirth: '', address: '', privateHidden: true });
    expect(detail.person?.firstName).toBe('Morgan');
    // Last seen in the incidents they may see: the locked one (5 April) does not show through.
    expect(detail.lastSeenDate).toBe('2026-03-05T10:00:00.000Z');
    expect(await auditCount()).toBe(before);
  });

  it('answers 404 for an id of another kind or none', async () => {
    const wrongKind = await t.inject({ method: 'GET', url: `/api/subjects/vehicle/${personId}`, headers: admin });
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json()).toEqual({ code: 'NOT_FOUND', message: 'Subject not found.' });
  });
});

describe('GET /api/subjects/:kind/:id/incidents', () => {
  it('lists the incidents newest first with the relation, the locked one hidden without INCIDENT_LOCK', async () => {
    const all = await get<Page<SubjectIncident>>(`/subjects/person/${personId}/incidents`);
    expect(all.items.map((row) => row.id)).toEqual([lockedId, secondId, firstId]);
    expect(all.items[0]?.relations).toEqual(['suspect']);
    const viewer = await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW', 'ALLINCIDENT_SEARCH'] });
    const seen = await get<Page<SubjectIncident>>(`/subjects/person/${personId}/incidents`, await t.signIn(viewer));
    expect(seen.items.map((row) => row.id)).toEqual([secondId, firstId]);
    expect(seen.total).toBe(2);
    const paged = await get<Page<SubjectIncident>>(`/subjects/person/${personId}/incidents?p=1&psz=2`);
    expect(paged).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(paged.items.map((row) => row.id)).toEqual([firstId]);
  });

  it("groups a vehicle's incidents by its normalised plate", async () => {
    const [vehicle] = (await get<Page<SubjectRow>>('/subjects?kind=vehicle')).items;
    const timeline = await get<Page<SubjectIncident>>(`/subjects/vehicle/${vehicle?.id}/incidents`);
    expect(timeline.items.map((row) => row.id)).toEqual([lockedId, secondId, firstId]);
    expect(timeline.items[0]?.involvementId).toBe(refs.vehicleInvolvement);
  });
});
