import { randomUUID } from 'node:crypto';
import { type Draft, type IncidentFields, REFERRED } from '@blotter/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyRefs,
  companyCard,
  companyRefs,
  incidentForm,
  personCard,
} from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import {
  accounts,
  draftIncidents,
  incidentCompanies,
  incidentCorrectiveActions,
  incidentItems,
  incidentPersons,
  incidents,
  incidentVehicles,
} from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let otherRefs: CompanyRefs;
let headers: Record<string, string>;

const submit = (payload: unknown, h = headers) =>
  t.inject({ method: 'POST', url: '/api/incidents', headers: h, payload: payload as Record<string, unknown> });

async function expect400(payload: unknown, message: string) {
  const response = await submit(payload);
  expect(response.statusCode, `${message}: ${response.body}`).toBe(400);
  expect(response.json()).toEqual({ code: 'BAD_REQUEST', message });
}

const incidentSeq = async () =>
  (await t.database.system((tx) => tx.select().from(accounts).where(eq(accounts.id, company.accountId))))[0]
    ?.incidentSeq;

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Submit Co', concurrentUserCount: 100 });
  const other = await t.createCompany();
  refs = await companyRefs(t.database, company.accountId);
  otherRefs = await companyRefs(t.database, other.accountId);
  headers = await t.signIn(company.staff);
});
afterAll(() => t.close());

describe('POST /api/incidents with the full form', () => {
  it('stores every part in form order with its search columns', async () => {
    const form = incidentForm(refs, { persons: 2, companies: 2, vehicles: 2, items: 2, correctiveActions: 2 });
    const response = await submit(form);
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: string }>();
    const rows = await t.database.system(async (tx) => ({
      persons: await tx
        .select()
        .from(incidentPersons)
        .where(eq(incidentPersons.incidentId, id))
        .orderBy(asc(incidentPersons.position)),
      companies: await tx
        .select()
        .from(incidentCompanies)
        .where(eq(incidentCompanies.incidentId, id))
        .orderBy(asc(incidentCompanies.position)),
      vehicles: await tx
        .select()
        .from(incidentVehicles)
        .where(eq(incidentVehicles.incidentId, id))
        .orderBy(asc(incidentVehicles.position)),
      items: await tx
        .select()
        .from(incidentItems)
        .where(eq(incidentItems.incidentId, id))
        .orderBy(asc(incidentItems.position)),
      actions: await tx
        .select()
        .from(incidentCorrectiveActions)
        .where(eq(incidentCorrectiveActions.incidentId, id))
        .orderBy(asc(incidentCorrectiveActions.position)),
    }));
    const [p0] = form.persons;
    expect(rows.persons[0]).toMatchObject({
      accountId: company.accountId,
      id: p0?.id,
      position: 0,
      firstName: p0?.firstName,
      middleName: 'Q',
      lastName: p0?.lastName,
      alias: p0?.alias,
      isEmployee: p0?.isEmployee,
      personId: expect.any(String),
      data: { ...p0, personId: rows.persons[0]?.personId },
    });
    expect(rows.companies.map((c) => [c.id, c.name, c.isOwner, c.personId !== null])).toEqual(
      form.companies.map((c) => [c.id, c.name, false, true]),
    );
    expect(rows.vehicles.map((v) => [v.id, v.licensePlate, v.maker, v.ownerPersonId])).toEqual(
      form.vehicles.map((v) => [v.id, v.licensePlate, 'Ford', v.ownerPersonId]),
    );
    expect(rows.items.map((i) => [i.id, i.name, i.status, i.serialNumber, i.valueCents])).toEqual(
      form.items.map((i) => [i.id, i.name, 'stolen', i.serialNumber, i.value]),
    );
    expect(rows.actions.map((a) => [a.id, a.typeId, (a.data as { displayType: string }).displayType])).toEqual([
      [form.correctiveActions[0]?.id, refs.correctiveActionType, ''],
      [form.correctiveActions[1]?.id, refs.referredType, REFERRED],
    ]);
  });

  it('saves an active investigator of the company and refuses any other', async () => {
    const investigator = await t.createUser(company.accountId, { privileges: [] });
    const ok = await submit({ ...incidentForm(refs), assignedUserId: investigator.id });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.system((tx) =>
      tx.select().from(incidents).where(eq(incidents.id, ok.json<{ id: string }>().id)),
    );
    expect(row?.assignedUserId).toBe(investigator.id);
    const inactive = await t.createUser(company.accountId, { status: 2 });
    const other = await t.createCompany();
    for (const assignedUserId of [inactive.id, other.admin.id, randomUUID()]) {
      await expect400(
        { ...incidentForm(refs), assignedUserId },
        'The selected investigator is not an active user of the company.',
      );
    }
  });

  it('refuses lookups of another company, of the wrong type or unknown, naming the field, without using a number', async () => {
    const before = await incidentSeq();
    const form = () => incidentForm(refs, { persons: 2, vehicles: 2, correctiveActions: 2 });
    const withPerson = (change: Partial<IncidentFields['persons'][number]>) => {
      const f = form();
      f.persons[1] = { ...(f.persons[1] ?? personCard(refs, 1)), ...change };
      return f;
    };
    const withAction = (n: number, change: Partial<IncidentFields['correctiveActions'][number]>) => {
      const f = form();
      const action = f.correctiveActions[n];
      if (action) f.correctiveActions[n] = { ...action, ...change };
      return f;
    };
    const cases: [IncidentFields, string][] = [
      [{ ...form(), lastClassId: otherRefs.incidentClass }, 'The selected incident class does not exist.'],
      [{ ...form(), lastClassId: refs.location }, 'The selected incident class does not exist.'],
      [{ ...form(), severityId: refs.personType }, 'The selected severity does not exist.'],
      [{ ...form(), primaryCauseId: randomUUID() }, 'The selected root cause does not exist.'],
      [
        { ...form(), location: { ...form().location, lastLocationId: refs.incidentClass } },
        'The selected location does not exist.',
      ],
      [withPerson({ lookupPersonTypeId: otherRefs.personType }), 'The person type of person 2 does not exist.'],
      [withPerson({ lookupDepartmentId: refs.genderType }), 'The department of person 2 does not exist.'],
      [withPerson({ lookupGenderTypeId: refs.department }), 'The gender of person 2 does not exist.'],
      [
        (() => {
          const f = form();
          const vehicle = f.vehicles[1];
          if (vehicle) f.vehicles[1] = { ...vehicle, involvementId: refs.severityType };
          return f;
        })(),
        'The involvement of vehicle 2 does not exist.',
      ],
      [withAction(0, { typeId: refs.referredAgency }), 'The type of corrective action 1 does not exist.'],
      [
        withAction(1, { referredInternalDepartmentId: refs.referredAgency }),
        'The referred department of corrective action 2 does not exist.',
      ],
      [
        withAction(1, { referredExternalAgencyId: refs.department }),
        'The referred agency of corrective action 2 does not exist.',
      ],
      [
        { ...form(), location: { ...form().location, cityId: randomUUID() } },
        'The city of the location does not exist.',
      ],
      [withPerson({ cityId: randomUUID() }), 'The city of person 2 does not exist.'],
      [
        { ...form(), companies: [companyCard(refs, 0, { cityId: randomUUID() })] },
        'The city of legal entity 1 does not exist.',
      ],
    ];
    for (const [payload, message] of cases) await expect400(payload, message);
    expect(await incidentSeq()).toBe(before);
  });

  it('answers the first message in form order with the texts of the specification', async () => {
    const form = incidentForm(refs, { persons: 2, companies: 1, correctiveActions: 2 });
    const personId = form.persons[0]?.id ?? '';
    const noFirstName = { ...form, persons: [personCard(refs, 0, { id: personId, firstName: ' ' })] };
    await expect400(noFirstName, "Person's first name is required");
    await expect400({ ...form, companies: [companyCard(refs, 0, { name: '' })] }, "Legal entity's name is required");
    const [plain, referred] = form.correctiveActions;
    if (!plain || !referred) throw new Error('no actions');
    await expect400(
      { ...form, correctiveActions: [plain, { ...referred, referredContactFirstName: '' }] },
      "'Person's first name is required",
    );
    // The server takes REFERRED from the type, whatever the client says.
    await expect400(
      { ...form, correctiveActions: [{ ...referred, displayType: '', referredContactFirstName: '' }] },
      "'Person's first name is required",
    );
    await expect400(
      { ...form, correctiveActions: [{ ...plain, involvedPersonList: ['nobody'] }] },
      'invalid person id',
    );
    await expect400(
      { ...form, correctiveActions: [{ ...plain, involvedPersonList: [randomUUID()] }] },
      'invalid person id',
    );
    // The When section comes before a person's bad email, and a person's name before the vehicles.
    await expect400(
      { ...noFirstName, reportedDate: null, persons: [personCard(refs, 0, { email: 'bad' })] },
      "'When / Date reported' is required",
    );
    await expect400({ ...form, occurredDate: '' }, "'When / Date occurred' is required");
    await expect400({ ...form, lastClassId: null }, "'What' is required");
  });

  it('refuses two cards with the same id', async () => {
    const form = incidentForm(refs, { persons: 1, companies: 1, items: 2 });
    const [a, b] = form.items;
    if (!a || !b) throw new Error('no items');
    await expect400({ ...form, items: [a, { ...b, id: a.id }] }, 'Two cards of the same item have the same id.');
    const personId = form.persons[0]?.id ?? '';
    await expect400(
      { ...form, companies: [companyCard(refs, 0, { id: personId })], vehicles: [], items: [], correctiveActions: [] },
      'Two cards of the same person or legal entity have the same id.',
    );
  });

  it("removes the user's own draft on submit and refuses someone else's or an open-draft", async () => {
    const draft = (await t.inject({ method: 'POST', url: '/api/draftIncidents', headers, payload: {} })).json<Draft>();
    const ok = await submit({ ...incidentForm(refs), draftId: draft.id });
    expect(ok.statusCode).toBe(200);
    const rows = await t.database.system((tx) =>
      tx.select().from(draftIncidents).where(eq(draftIncidents.id, draft.id)),
    );
    expect(rows).toEqual([]);

    const adminHeaders = await t.signIn(company.admin);
    const adminDraft = (
      await t.inject({ method: 'POST', url: '/api/draftIncidents', headers: adminHeaders, payload: {} })
    ).json<Draft>();
    const openDraft = (
      await t.inject({
        method: 'POST',
        url: '/api/draftIncidents',
        headers,
        payload: { incidentId: ok.json<{ id: string }>().id },
      })
    ).json<Draft>();
    const before = await incidentSeq();
    for (const draftId of [adminDraft.id, openDraft.id, randomUUID()]) {
      const response = await submit({ ...incidentForm(refs), draftId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Draft not found.' });
    }
    expect(await incidentSeq()).toBe(before);
  });

  it("refuses an attachment that is not the draft's, and records nothing", async () => {
    const before = await incidentSeq();
    const form = incidentForm(refs);
    form.attachments = [
      { id: randomUUID(), name: 'Ghost', comments: '', incidentItemId: null, incidentVehicleId: null },
    ];
    const response = await submit(form);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('BAD_REQUEST');
    expect(await incidentSeq()).toBe(before);
  });
});
