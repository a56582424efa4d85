import {
  type AnalysisResult,
  type Ban,
  type BanInput,
  type IncidentFields,
  type LegalEntity,
  type Person,
  REPEAT_SUBJECTS_LIMIT,
  type SearchCount,
  type SearchCriteriaInput,
  type Vehicle,
} from '@blotter/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, item, locationChild } from '../../../test/fixtures/analysis-fixtures';
import {
  type CompanyRefs,
  companyCard,
  companyRefs,
  personCard,
  vehicleCard,
} from '../../../test/fixtures/incident-fixtures';
import { group, type Headers, numbersFound, searchRequest } from '../../../test/fixtures/search-fixtures';
import { submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';

/*
 * Issue 31 §6: the search criterion 'Active ban' (incidents naming a person, legal entity or vehicle
 * with a ban in force today) and the analysis frequency 'Repeat subjects' (subjects on 2 or more of
 * a period's incidents), under the caller's visibility, privileges and company.
 */

let t: TestContext;
let company: TestCompany;
let other: TestCompany;
let refs: CompanyRefs;
let admin: Headers;
let otherAdmin: Headers;

/** Incident numbers by their role. */
const n = {
  bannedA: 0, // the banned person, alone
  bannedAndVehicle: 0, // the banned person again, with the watched vehicle
  vehicleOnly: 0, // the watched vehicle
  vehicleWritten: 0, // the watched vehicle, its plate written 'xyz-789' and its province 'ontario'
  entity: 0, // the legal entity under a trespass notice
  expired: 0, // a person whose ban ended yesterday
  revoked: 0, // a person whose ban was revoked
  upcoming: 0, // a person whose ban starts tomorrow
  nobody: 0, // no subject with any ban
};
const ids = { banned: '', expired: '', revoked: '', upcoming: '', entity: '', vehicle: '' };

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
// Far enough from today that the company's zone (UTC) and the test's clock agree on the day.
const YESTERDAY = day(-1);
const TOMORROW = day(1);

const person = (name: string, personId: string | null = null): Person =>
  personCard(refs, 2, {
    firstName: name,
    middleName: '',
    lastName: 'Doe',
    personId,
    email: `${name.replace(/\W/g, '')}@example.com`,
  });
const entity = (name: string, personId: string | null = null): LegalEntity => companyCard(refs, 0, { name, personId });
const vehicle = (licensePlate: string, stateProvince: string): Vehicle => ({
  ...vehicleCard(refs, 0, null),
  licensePlate,
  stateProvince,
});

async function submit(
  headers: Headers,
  parts: { persons?: Person[]; companies?: LegalEntity[]; vehicles?: Vehicle[] },
  ofRefs: CompanyRefs = refs,
) {
  return submitIncident(t, headers, ofRefs, { correctiveActions: 0, items: 0 }, (fields: IncidentFields) => ({
    ...fields,
    persons: parts.persons ?? [],
    companies: parts.companies ?? [],
    vehicles: parts.vehicles ?? [],
    correctiveActions: [],
  }));
}

/** The register id of the first person (or legal entity) of an incident. */
async function partyOf(incidentId: string, part: 'persons' | 'companies', headers = admin): Promise<string> {
  const cards = (await t.inject({ method: 'GET', url: `/api/incidents/${incidentId}/${part}`, headers })).json<
    { personId: string | null }[]
  >();
  const id = cards[0]?.personId;
  if (!id) throw new Error(`no register id on ${part}`);
  return id;
}

async function ban(kind: string, id: string, input: Partial<BanInput>, headers = admin): Promise<Ban> {
  const body = {
    banType: 'ban',
    reason: 'Shoplifting',
    locationIds: [],
    startDate: YESTERDAY,
    endDate: null,
    ...input,
  };
  const response = await t.inject({ method: 'POST', url: `/api/subjects/${kind}/${id}/bans`, headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Ban>();
}

const activeBan = (values: object[] = [{}], logicalOperation: 'AND' | 'OR' = 'OR'): SearchCriteriaInput => ({
  activeBan: group(values, logicalOperation),
});
const desc = (...numbers: number[]) => [...numbers].sort((a, b) => b - a);

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Repeat Co', concurrentUserCount: 50 });
  other = await t.createCompany({ name: 'Elsewhere Co', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, company.accountId);
  admin = await t.signIn(company.admin);
  otherAdmin = await t.signIn(other.admin);

  const first = await submit(admin, { persons: [person('Bianca')] });
  n.bannedA = first.number;
  ids.banned = await partyOf(first.id, 'persons');
  n.bannedAndVehicle = (
    await submit(admin, { persons: [person('Bianca', ids.banned)], vehicles: [vehicle('XYZ 789', 'Ontario')] })
  ).number;
  n.vehicleWritten = (await submit(admin, { vehicles: [vehicle('xyz-789', 'ontario')] })).number;
  // The register keeps the latest spelling: the label reads 'XYZ 789 (Ontario)'.
  n.vehicleOnly = (await submit(admin, { vehicles: [vehicle('XYZ 789', 'Ontario')] })).number;
  const withEntity = await submit(admin, { companies: [entity('Trespass Traders')] });
  n.entity = withEntity.number;
  ids.entity = await partyOf(withEntity.id, 'companies');
  for (const role of ['expired', 'revoked', 'upcoming'] as const) {
    const submitted = await submit(admin, { persons: [person(`Person ${role}`)] });
    n[role] = submitted.number;
    ids[role] = await partyOf(submitted.id, 'persons');
  }
  n.nobody = (await submit(admin, { persons: [person('Nobody')], vehicles: [vehicle('CLEAN 1', 'Ontario')] })).number;

  const vehicles = (await t.inject({ method: 'GET', url: '/api/subjects?kind=vehicle&q=XYZ', headers: admin })).json<{
    items: { id: string }[];
  }>();
  ids.vehicle = vehicles.items[0]?.id ?? '';
  expect(vehicles.items).toHaveLength(1);

  await ban('person', ids.banned, { banType: 'ban', endDate: TOMORROW });
  await ban('legalEntity', ids.entity, { banType: 'trespass' });
  await ban('vehicle', ids.vehicle, { banType: 'watch' });
  await ban('person', ids.expired, { startDate: day(-30), endDate: YESTERDAY });
  const revoked = await ban('person', ids.revoked, {});
  expect(
    (await t.inject({ method: 'DELETE', url: `/api/subjects/bans/${revoked.id}`, headers: admin })).statusCode,
  ).toBe(204);
  await ban('person', ids.upcoming, { startDate: TOMORROW });
});
afterAll(() => t.close());

describe('search criterion: a subject with an active ban', () => {
  it('finds exactly the incidents naming a subject with a ban in force, not an expired, revoked or upcoming one', async () => {
    expect(await numbersFound(t, admin, activeBan())).toEqual(
      desc(n.bannedA, n.bannedAndVehicle, n.vehicleOnly, n.vehicleWritten, n.entity),
    );
  });

  it('narrows by ban type and by subject kind', async () => {
    expect(await numbersFound(t, admin, activeBan([{ banType: 'ban' }]))).toEqual(desc(n.bannedA, n.bannedAndVehicle));
    expect(await numbersFound(t, admin, activeBan([{ banType: 'trespass' }]))).toEqual([n.entity]);
    expect(await numbersFound(t, admin, activeBan([{ banType: 'watch' }]))).toEqual(
      desc(n.bannedAndVehicle, n.vehicleOnly, n.vehicleWritten),
    );
    expect(await numbersFound(t, admin, activeBan([{ subjectKind: 'legalEntity' }]))).toEqual([n.entity]);
    expect(await numbersFound(t, admin, activeBan([{ subjectKind: 'person', banType: 'watch' }]))).toEqual([]);
  });

  it('joins its criteria by the group operation and the other groups by AND', async () => {
    const both = [{ banType: 'ban' }, { banType: 'watch' }];
    expect(await numbersFound(t, admin, activeBan(both, 'AND'))).toEqual([n.bannedAndVehicle]);
    expect(await numbersFound(t, admin, activeBan(both, 'OR'))).toEqual(
      desc(n.bannedA, n.bannedAndVehicle, n.vehicleOnly, n.vehicleWritten),
    );
    const withNumber = { ...activeBan(), incidentNumber: group([{ number: n.entity }, { number: n.nobody }]) };
    expect(await numbersFound(t, admin, withNumber)).toEqual([n.entity]);
    const withPerson = { ...activeBan([{ banType: 'watch' }]), person: group([{ firstName: 'Bianca' }]) };
    expect(await numbersFound(t, admin, withPerson)).toEqual([n.bannedAndVehicle]);
  });

  it('counts, exports and runs as a saved search', async () => {
    const count = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/count',
      headers: admin,
      payload: { criteria: activeBan() },
    });
    expect(count.json<SearchCount>()).toEqual({ total: 5, totalCapped: false });

    const exported = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/export',
      headers: admin,
      payload: { criteria: activeBan([{ banType: 'trespass' }]), title: 'Banned', columns: ['number'] },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1)).toEqual([String(n.entity)]);

    const saved = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/custom',
      headers: admin,
      payload: { name: 'Banned subjects', criteria: activeBan([{ subjectKind: 'vehicle' }]) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedCount = await t.inject({
      method: 'GET',
      url: `/api/incidents/search/custom/${saved.json<{ id: string }>().id}/count`,
      headers: admin,
    });
    expect(savedCount.json<SearchCount>()).toMatchObject({ total: 3 });
  });

  it('needs SUBJECT_VIEW besides a search privilege (403), and finds only what the user may find', async () => {
    const searcher = await t.signIn(await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH'] }));
    const refused = await searchRequest(t, searcher, activeBan());
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/privilege to view subjects/);
    const count = await t.inject({
      method: 'POST',
      url: '/api/incidents/search/count',
      headers: searcher,
      payload: { criteria: activeBan() },
    });
    expect(count.statusCode).toBe(403);

    const viewer = await t.signIn(
      await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'SUBJECT_VIEW'] }),
    );
    await t.database.system((tx) =>
      tx.execute(
        sql`update incidents set locked = true where account_id = ${company.accountId} and number = ${n.entity}`,
      ),
    );
    try {
      // Without INCIDENT_LOCK the locked incident stays hidden.
      expect(await numbersFound(t, viewer, activeBan())).toEqual(
        desc(n.bannedA, n.bannedAndVehicle, n.vehicleOnly, n.vehicleWritten),
      );
    } finally {
      await t.database.system((tx) =>
        tx.execute(
          sql`update incidents set locked = false where account_id = ${company.accountId} and number = ${n.entity}`,
        ),
      );
    }
    // Own incidents only (MYINCIDENT_SEARCH): the administrator's are not theirs.
    const own = await t.signIn(
      await t.createUser(company.accountId, { privileges: ['MYINCIDENT_SEARCH', 'SUBJECT_VIEW'] }),
    );
    expect(await numbersFound(t, own, activeBan())).toEqual([]);
  });

  it('refuses an unknown ban type or subject kind with a message (400)', async () => {
    const bad = await searchRequest(t, admin, activeBan([{ banType: 'exile' }]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Choose any, ban, trespass notice or watch.');
    expect((await searchRequest(t, admin, activeBan([{ subjectKind: 'dog' }]))).statusCode).toBe(400);
  });

  it("never finds another company's incidents, and theirs finds only their own", async () => {
    const theirRefs = await companyRefs(t.database, other.accountId);
    const theirs = await submit(
      otherAdmin,
      { persons: [personCard(theirRefs, 2, { firstName: 'Bianca', lastName: 'Doe', middleName: '' })] },
      theirRefs,
    );
    const theirPerson = await partyOf(theirs.id, 'persons', otherAdmin);
    await ban('person', theirPerson, {}, otherAdmin);
    // Their ban on their person does not reach ours, nor ours theirs.
    expect(await numbersFound(t, otherAdmin, activeBan())).toEqual([theirs.number]);
    expect(await numbersFound(t, admin, activeBan([{ banType: 'ban' }]))).toEqual(desc(n.bannedA, n.bannedAndVehicle));
    const view = await t.database.tenant(other.accountId, (tx) =>
      tx.execute(sql`select count(*)::int as n from search_ban_incidents where subject_id <> ${theirPerson}`),
    );
    expect((view as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const none = await t.database.noTenant((tx) =>
      tx.execute(sql`select count(*)::int as n from search_ban_incidents`),
    );
    expect((none as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("reads 'in force today' on the company's calendar day, not the server's", async () => {
    // A zone whose day is not UTC's at this hour: a day ahead (UTC+14) after 11:00 UTC, a day behind
    // (UTC-11) before.
    const zone = new Date().getUTCHours() >= 11 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const companyDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect(companyDay).not.toBe(new Date().toISOString().slice(0, 10));
    const zoned = await t.createCompany({ name: 'Zoned Co', concurrentUserCount: 5 });
    const zonedAdmin = await t.signIn(zoned.admin);
    const zonedRefs = await companyRefs(t.database, zoned.accountId);
    const setZone = (name: string) =>
      t.database.system((tx) => tx.execute(sql`update accounts set time_zone = ${name} where id = ${zoned.accountId}`));
    await setZone(zone);
    const incident = await submit(
      zonedAdmin,
      { persons: [personCard(zonedRefs, 2, { firstName: 'Oneday', lastName: 'Ban', middleName: '' })] },
      zonedRefs,
    );
    const person = await partyOf(incident.id, 'persons', zonedAdmin);
    // A ban of the company's one day: in force now in the company's zone, not on UTC's day.
    await ban('person', person, { startDate: companyDay, endDate: companyDay }, zonedAdmin);
    expect(await numbersFound(t, zonedAdmin, activeBan())).toEqual([incident.number]);
    await setZone('UTC');
    expect(await numbersFound(t, zonedAdmin, activeBan())).toEqual([]);
  });
});

describe('analysis frequency: repeat subjects', () => {
  const LAST_30 = { type: 'lastNDays', days: 30 } as const;
  const run = (headers: Headers, extra: object = {}, query = '') =>
    analyze(t, headers, { criteria: [item(LAST_30, 'repeatSubjects')], name: 'Who comes back', ...extra }, query);

  it('counts the subjects on 2 or more incidents of the period, the most first, labelled by name or plate', async () => {
    const response = await run(admin);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AnalysisResult>();
    expect(result.frequency).toBe('repeatSubjects');
    expect(result.series[0]?.data).toEqual([
      { period: `vehicle:${ids.vehicle}`, label: 'XYZ 789 (Ontario)', count: 3 },
      { period: `person:${ids.banned}`, label: 'Bianca Doe', count: 2 },
    ]);
    expect(REPEAT_SUBJECTS_LIMIT).toBeGreaterThanOrEqual(2);
  });

  it('counts only the incidents the user may find, and filters as the analysis does', async () => {
    const analyst = await t.signIn(
      await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'ANALYZE_VIEW', 'SUBJECT_VIEW'] }),
    );
    await t.database.system((tx) =>
      tx.execute(
        sql`update incidents set locked = true where account_id = ${company.accountId} and number = ${n.vehicleWritten}`,
      ),
    );
    try {
      const result = (await run(analyst)).json<AnalysisResult>();
      // Ties read by name.
      expect(result.series[0]?.data.map((bucket) => [bucket.label, bucket.count])).toEqual([
        ['Bianca Doe', 2],
        ['XYZ 789 (Ontario)', 2],
      ]);
    } finally {
      await t.database.system((tx) =>
        tx.execute(
          sql`update incidents set locked = false where account_id = ${company.accountId} and number = ${n.vehicleWritten}`,
        ),
      );
    }
    // A period before any incident finds nobody.
    const before = await analyze(t, admin, {
      criteria: [item({ type: 'period', fromDate: '2020-01-01', toDate: '2020-12-31' }, 'repeatSubjects')],
    });
    expect(before.json<AnalysisResult>().series[0]?.data).toEqual([]);
    // The location filter: the incidents' own location keeps both, a location under it none.
    const at = (location: string) =>
      analyze(t, admin, {
        criteria: [item(LAST_30, 'repeatSubjects', { locationCriteria: { values: [location] } })],
      }).then((response) => response.json<AnalysisResult>().series[0]?.data.map((bucket) => bucket.count));
    expect(await at(refs.location)).toEqual([3, 2]);
    expect(await at(await locationChild(t, company.accountId, refs.location))).toEqual([]);
  });

  it('needs SUBJECT_VIEW (403), and answers the other company only its own subjects', async () => {
    const analyst = await t.signIn(
      await t.createUser(company.accountId, { privileges: ['ALLINCIDENT_SEARCH', 'ANALYZE_VIEW'] }),
    );
    const refused = await run(analyst);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/privilege to view subjects/);
    // The other company has one incident naming its Bianca Doe: nobody comes back there.
    const theirs = await run(otherAdmin);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<AnalysisResult>().series[0]?.data).toEqual([]);
  });

  it('tells how many subjects came back when more than the bars shown did', async () => {
    // Two incidents naming the same REPEAT_SUBJECTS_LIMIT + 1 vehicles, in a company of their own.
    const busy = await t.createCompany({ name: 'Busy Co', concurrentUserCount: 5 });
    const busyAdmin = await t.signIn(busy.admin);
    const busyRefs = await companyRefs(t.database, busy.accountId);
    const plates = Array.from({ length: REPEAT_SUBJECTS_LIMIT + 1 }, (_, i) => `BUSY ${100 + i}`);
    for (let round = 0; round < 2; round++) {
      await submit(
        busyAdmin,
        { vehicles: plates.map((plate) => ({ ...vehicleCard(busyRefs, 0, null), licensePlate: plate })) },
        busyRefs,
      );
    }
    const response = await run(busyAdmin);
    expect(response.statusCode, response.body).toBe(200);
    const [series] = response.json<AnalysisResult>().series;
    expect(series?.data).toHaveLength(REPEAT_SUBJECTS_LIMIT);
    expect(series?.subjectTotal).toBe(REPEAT_SUBJECTS_LIMIT + 1);
    // Ours: all of them shown.
    expect((await run(admin)).json<AnalysisResult>().series[0]?.subjectTotal).toBe(2);
  });

  it('exports the subjects to Excel with their incident counts', async () => {
    const response = await run(admin, {}, '?type=excel');
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Subject', 'Incidents'],
      ['XYZ 789 (Ontario)', 3],
      ['Bianca Doe', 2],
    ]);
  });
  it('leaves out a person named only as the reporter or a witness, and counts one named as a suspect', async () => {
    const card = (name: string, personId: string | null, relations: Partial<Person>) => ({
      ...person(name, personId),
      relationReporter: false,
      relationVictim: false,
      relationPersonOfInterest: false,
      relationSuspect: false,
      relationWitness: false,
      relationSubject: false,
      ...relations,
    });
    const first = await submit(admin, {
      persons: [
        card('Rhoda', null, { relationReporter: true, relationWitness: true }),
        card('Sully', null, { relationWitness: true, relationSuspect: true }),
      ],
    });
    const cards = (await t.inject({ method: 'GET', url: `/api/incidents/${first.id}/persons`, headers: admin })).json<
      { personId: string; firstName: string }[]
    >();
    const reporter = cards.find((c) => c.firstName === 'Rhoda')?.personId ?? '';
    const suspect = cards.find((c) => c.firstName === 'Sully')?.personId ?? '';
    await submit(admin, {
      persons: [card('Rhoda', reporter, { relationReporter: true }), card('Sully', suspect, { relationSuspect: true })],
    });
    const periods = (await run(admin)).json<AnalysisResult>().series[0]?.data.map((row) => row.period);
    expect(periods).toContain(`person:${suspect}`);
    expect(periods).not.toContain(`person:${reporter}`);
  });
});
