import type { Ban, BanInput, Page, Person, SubjectDetail, SubjectRow } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF } from '../../../test/file-fixtures';
import { type CompanyRefs, companyRefs, incidentForm } from '../../../test/fixtures/incident-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { form } from '../../../test/uploads';
import { activeBansFor } from './active-bans';

/*
 * Issue 31, bans: recording, changing and revoking bans, trespass notices and watches (each
 * audited), their status on the company's calendar day, and activeBansFor's matching by subject
 * and location subtree.
 */

let t: TestContext;
let company: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;
let personId = '';
let vehicleId = '';
const tree = { northMall: '', store12: '', southMall: '' };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.inject({ method, url: `/api${url}`, headers, payload: payload as Record<string, unknown> | undefined });

async function created(payload: BanInput, subject = `person/${personId}`): Promise<Ban> {
  const r = await call('POST', `/subjects/${subject}/bans`, payload);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<Ban>();
}

const auditRows = (banId: string) =>
  t.database.system(async (tx) =>
    rowsOf<{ transaction_type: string; object_data: Record<string, unknown> }>(
      await tx.execute(sql`select transaction_type, object_data from audit_entries
        where account_id = ${company.accountId} and object_type = 'SUBJECT' and object_id = ${banId}
        order by created_at`),
    ),
  );

const setZone = (zone: string) =>
  t.database.system((tx) => tx.execute(sql`update accounts set time_zone = ${zone} where id = ${company.accountId}`));

/** The calendar day in `zone` at `at`, yyyy-mm-dd. */
const dayIn = (zone: string, at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany({ name: 'Bans Co', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, company.accountId);
  admin = await t.signIn(company.admin);
  const incident = await call('POST', '/incidents', incidentForm(refs, { persons: 1, vehicles: 1 }));
  expect(incident.statusCode, incident.body).toBe(200);
  const persons = (await call('GET', `/incidents/${incident.json<{ id: string }>().id}/persons`)).json<Person[]>();
  personId = persons[0]?.personId ?? '';
  const vehicles = (await call('GET', '/subjects?kind=vehicle')).json<Page<SubjectRow>>();
  vehicleId = vehicles.items[0]?.id ?? '';
  expect(vehicleId).not.toBe('');
  // A location tree: North Mall > Store 12, and South Mall beside it.
  await t.database.system(async (tx) => {
    const add = async (name: string, parentId: string | null, level: number) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`insert into lookups (account_id, type, name, parent_id, level)
          values (${company.accountId}, 'location', ${name}, ${parentId}, ${level}) returning id`),
      )[0]?.id ?? '';
    tree.northMall = await add('North Mall', null, 1);
    tree.store12 = await add('Store 12', tree.northMall, 2);
    tree.southMall = await add('South Mall', null, 1);
  });
});
afterAll(() => t.close());

describe('bans on a subject', () => {
  it('are recorded, changed and revoked with SUBJECT_EDIT, each change audited, and stay in the history', async () => {
    const ban = await created({
      banType: 'trespass',
      reason: 'Shoplifting, third time.',
      locationIds: [tree.northMall],
      startDate: '2026-01-01',
      endDate: null,
    });
    expect(ban).toMatchObject({ subjectKind: 'person', subjectId: personId, status: 'active', endDate: null });
    expect(ban.issuedByName).not.toBe('');

    const changed = await call('PUT', `/subjects/bans/${ban.id}`, {
      banType: 'ban',
      reason: 'Shoplifting, third time.',
      locationIds: [tree.northMall, tree.southMall],
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Ban>()).toMatchObject({ banType: 'ban', endDate: '2099-12-31' });

    const [row] = (await call('GET', '/subjects?kind=person')).json<Page<SubjectRow>>().items;
    expect(row?.activeBan).toBe('ban');
    expect((await call('GET', `/subjects/person/${personId}`)).json<SubjectDetail>().activeBan).toBe('ban');

    expect((await call('DELETE', `/subjects/bans/${ban.id}`)).statusCode).toBe(204);
    const again = await call('DELETE', `/subjects/bans/${ban.id}`);
    expect(again.statusCode).toBe(400);
    const list = (await call('GET', `/subjects/person/${personId}/bans`)).json<Page<Ban>>();
    expect(list.items.find((b) => b.id === ban.id)).toMatchObject({ status: 'revoked' });
    expect((await call('PUT', `/subjects/bans/${ban.id}`, { ...changed.json<Ban>() })).statusCode).toBe(400);

    const audits = await auditRows(ban.id);
    expect(audits.map((a) => a.transaction_type)).toEqual(['BAN_CREATE', 'BAN_UPDATE', 'BAN_REVOKE']);
    expect(audits[1]?.object_data).toMatchObject({ banType: 'ban', endDate: '2099-12-31' });
  });

  it('refuses bad terms with a message, unknown locations, and callers without SUBJECT_EDIT', async () => {
    const base = { banType: 'ban', reason: 'x', startDate: '2026-05-02', endDate: '2026-05-01' } as const;
    const early = await call('POST', `/subjects/person/${personId}/bans`, base);
    expect(early.statusCode).toBe(400);
    expect(early.json<{ message: string }>().message).toBe('The end date must be on or after the start date.');
    const blank = await call('POST', `/subjects/person/${personId}/bans`, { ...base, endDate: null, reason: ' ' });
    expect(blank.json<{ message: string }>().message).toBe('A reason is required.');
    const unknown = await call('POST', `/subjects/person/${personId}/bans`, {
      ...base,
      endDate: null,
      locationIds: [refs.incidentClass],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe('Unknown location.');
    // A day PostgreSQL cannot hold is bad input, not a server error.
    const yearZero = await call('POST', `/subjects/person/${personId}/bans`, { ...base, startDate: '0000-01-01' });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json<{ message: string }>().message).toBe('Dates must be yyyy-mm-dd.');
    const viewer = await t.createUser(company.accountId, { privileges: ['SUBJECT_VIEW'] });
    const headers = await t.signIn(viewer);
    const refused = await call('POST', `/subjects/person/${personId}/bans`, { ...base, endDate: null }, headers);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/subjects/person/${personId}/bans`, undefined, headers)).statusCode).toBe(200);
  });

  it('take a signed notice (PDF or image) and answer a link to it', async () => {
    const ban = await created({ banType: 'trespass', reason: 'Notice served.', startDate: '2026-02-01' });
    const upload = await t.inject({
      method: 'POST',
      url: `/api/subjects/bans/${ban.id}/notice`,
      headers: admin,
      payload: form({}, { name: 'notice.pdf', data: PDF }),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const withNotice = upload.json<Ban>();
    expect(withNotice.notice?.name).toBe('notice.pdf');
    const file = await t.inject({ method: 'GET', url: withNotice.notice?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const text = await t.inject({
      method: 'POST',
      url: `/api/subjects/bans/${ban.id}/notice`,
      headers: admin,
      payload: form({}, { name: 'notice.txt', data: Buffer.from('plain text') }),
    });
    expect(text.statusCode).toBe(415);
    expect((await auditRows(ban.id)).map((a) => a.transaction_type)).toEqual(['BAN_CREATE', 'BAN_NOTICE']);
    await call('DELETE', `/subjects/bans/${ban.id}`);
    // A revoked ban is history: it takes no new notice.
    const late = await t.inject({
      method: 'POST',
      url: `/api/subjects/bans/${ban.id}/notice`,
      headers: admin,
      payload: form({}, { name: 'notice.pdf', data: PDF }),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toBe('A revoked ban cannot be changed.');
  });
});

describe("a ban's days are the company's", () => {
  it('counts today in the company time zone', async () => {
    // UTC+14: for most of the UTC day its date is the next one.
    await setZone('Pacific/Kiritimati');
    const today = dayIn('Pacific/Kiritimati');
    const ban = await created(
      { banType: 'watch', reason: 'Zone', startDate: today, endDate: today },
      `vehicle/${vehicleId}`,
    );
    expect(ban.status).toBe('active');
    const ended = await created(
      { banType: 'watch', reason: 'Zone', startDate: addDays(today, -3), endDate: addDays(today, -1) },
      `vehicle/${vehicleId}`,
    );
    expect(ended.status).toBe('expired');
    const later = await created(
      { banType: 'watch', reason: 'Zone', startDate: addDays(today, 1) },
      `vehicle/${vehicleId}`,
    );
    expect(later.status).toBe('upcoming');
    for (const b of [ban, ended, later]) await call('DELETE', `/subjects/bans/${b.id}`);
    await setZone('UTC');
  });

  it("start and end at the company's midnight (activeBansFor)", async () => {
    await setZone('America/Toronto');
    const ban = await created({ banType: 'ban', reason: 'July only', startDate: '2026-07-01', endDate: '2026-07-10' });
    const at = (iso: string) =>
      t.database.tenant(company.accountId, (tx) =>
        activeBansFor(tx, company.accountId, [{ kind: 'person', id: personId }], tree.store12, new Date(iso)),
      );
    const ids = async (iso: string) => (await at(iso)).map((b) => b.id).filter((id) => id === ban.id);
    // Toronto is UTC-4 in July: its midnight is 04:00 UTC.
    expect(await ids('2026-07-01T03:59:59Z')).toEqual([]);
    expect(await ids('2026-07-01T04:00:00Z')).toEqual([ban.id]);
    expect(await ids('2026-07-11T03:59:59Z')).toEqual([ban.id]);
    expect(await ids('2026-07-11T04:00:00Z')).toEqual([]);
    await call('DELETE', `/subjects/bans/${ban.id}`);
    await setZone('UTC');
  });
});

describe('activeBansFor', () => {
  it("matches the subjects' bans whose locations cover the location or one of its ancestors", async () => {
    const north = await created({
      banType: 'trespass',
      reason: 'North',
      locationIds: [tree.northMall],
      startDate: '2026-01-01',
    });
    const south = await created({
      banType: 'ban',
      reason: 'South',
      locationIds: [tree.southMall],
      startDate: '2026-01-01',
    });
    const everywhere = await created(
      { banType: 'watch', reason: 'All sites', startDate: '2026-01-01' },
      `vehicle/${vehicleId}`,
    );
    const store = await created({
      banType: 'ban',
      reason: 'Store',
      locationIds: [tree.store12],
      startDate: '2026-01-01',
    });
    const match = (subjects: { kind: 'person' | 'vehicle'; id: string }[], location: string | null) =>
      t.database
        .tenant(company.accountId, (tx) => activeBansFor(tx, company.accountId, subjects, location))
        .then((bans) => bans.map((b) => b.id));
    const both = [
      { kind: 'person', id: personId },
      { kind: 'vehicle', id: vehicleId },
    ] as const;
    // Store 12 lies in North Mall: the North Mall ban covers it; the store's own ban too; strongest first.
    expect(await match([...both], tree.store12)).toEqual([store.id, north.id, everywhere.id]);
    // A ban on the store does not cover the mall around it.
    expect(await match([...both], tree.northMall)).toEqual([north.id, everywhere.id]);
    expect(await match([...both], tree.southMall)).toEqual([south.id, everywhere.id]);
    expect(await match([...both], null)).toEqual([everywhere.id]);
    expect(await match([{ kind: 'person', id: personId }], tree.southMall)).toEqual([south.id]);
    // The kind is part of the identity: the person's id as a vehicle matches nothing.
    expect(await match([{ kind: 'vehicle', id: personId }], tree.southMall)).toEqual([]);
    expect(await match([], tree.southMall)).toEqual([]);
    // A revoked ban no longer matches.
    await call('DELETE', `/subjects/bans/${south.id}`);
    expect(await match([...both], tree.southMall)).toEqual([everywhere.id]);
    for (const b of [north, everywhere, store]) await call('DELETE', `/subjects/bans/${b.id}`);
  });

  it("never matches another company's bans", async () => {
    const other = await t.createCompany({ name: 'Other Co' });
    const ban = await created({ banType: 'ban', reason: 'Ours', startDate: '2026-01-01' });
    const theirs = await t.database.tenant(other.accountId, (tx) =>
      activeBansFor(tx, other.accountId, [{ kind: 'person', id: personId }], null),
    );
    expect(theirs).toEqual([]);
    await call('DELETE', `/subjects/bans/${ban.id}`);
  });
});

describe('the bans list', () => {
  it('pages on the server, newest start first', async () => {
    const made: Ban[] = [];
    for (const day of ['2026-01-03', '2026-01-01', '2026-01-02']) {
      made.push(await created({ banType: 'watch', reason: `Watch ${day}`, startDate: day }, `vehicle/${vehicleId}`));
    }
    const page = (await call('GET', `/subjects/vehicle/${vehicleId}/bans?psz=2`)).json<Page<Ban>>();
    expect(page.pageSize).toBe(2);
    expect(page.items).toHaveLength(2);
    const all = (await call('GET', `/subjects/vehicle/${vehicleId}/bans?psz=100`)).json<Page<Ban>>();
    expect(all.total).toBe(page.total);
    const starts = all.items.map((b) => b.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    const unknown = await call('GET', `/subjects/vehicle/${personId}/bans`);
    expect(unknown.statusCode).toBe(404);
  });
});
