import type { BanInput, IncidentFields, IncidentRow, Page, Person, SubjectAlertList } from '@blotter/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyRefs,
  companyRefs,
  incidentForm,
  personCard,
  vehicleCard,
} from '../../../test/fixtures/incident-fixtures';
import { classIdOf, ruleBody } from '../../../test/fixtures/notification-fixtures';
import { storeWorkingCopy } from '../../../test/incidents';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, jobs } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import { createMailer } from '../../platform/mail';

/*
 * Issue 31 §5, alerts: POST /subjects/alerts matches the form's subjects against the active bans
 * covering the location subtree; a save stores the incident's alerts (lists flag it, the viewer
 * reads them) and emails the new ones to the rules' chosen recipients, with no private field.
 */

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;
let staff: Record<string, string>;
let adminB: Record<string, string>;
let personId = '';
let otherPersonId = '';
let companyId = '';
const tree = { northMall: '', store12: '', southMall: '' };
const PLATE = { licensePlate: 'ab-12 cd', stateProvince: 'on' };

const PRIVATE = {
  address: 'PRIV-ADDRESS',
  phone: '999-555-0001',
  email: 'priv-person@example.com',
  dateOfBirth: '1971-09-17',
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  t.inject({ method, url: `/api${url}`, headers, payload: payload as Record<string, unknown> | undefined });

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function ban(subject: string, body: Partial<BanInput>): Promise<string> {
  const r = await call('POST', `/subjects/${subject}/bans`, {
    banType: 'ban',
    reason: 'Shoplifting, third time.',
    locationIds: [],
    startDate: addDays(today(), -30),
    endDate: null,
    ...body,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ id: string }>().id;
}

const check = async (body: Record<string, unknown>, headers = admin) => {
  const r = await call('POST', '/subjects/alerts', body, headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<SubjectAlertList>().items;
};

/** An incident at `locationId` naming the register person (and any other cards given). */
const form = (locationId: string, persons: (string | null)[], extra: Partial<IncidentFields> = {}): IncidentFields => {
  const base = incidentForm(refs, { persons: 0, companies: 0, vehicles: 0, items: 0, correctiveActions: 0 });
  return {
    ...base,
    location: { ...base.location, lastLocationId: locationId },
    persons: persons.map((id, n) =>
      personCard(refs, n, { ...PRIVATE, personId: id, firstName: n === 0 ? 'Morgan' : 'Avery', lastName: 'Vale' }),
    ),
    ...extra,
  };
};

async function submit(fields: IncidentFields, headers = staff) {
  const r = await call('POST', '/incidents', fields, headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ id: string; number: number }>();
}

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Alerts A', concurrentUserCount: 50 });
  b = await t.createCompany({ name: 'Alerts B', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, a.accountId);
  // US date format: the last day is written MM/dd/yyyy.
  await t.database.system((tx) => tx.update(accounts).set({ dateFormat: 1 }).where(eq(accounts.id, a.accountId)));
  admin = await t.signIn(a.admin);
  staff = await t.signIn(a.staff);
  adminB = await t.signIn(b.admin);
  await t.database.system(async (tx) => {
    const add = async (name: string, parentId: string | null, level: number) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`insert into lookups (account_id, type, name, parent_id, level)
          values (${a.accountId}, 'location', ${name}, ${parentId}, ${level}) returning id`),
      )[0]?.id ?? '';
    tree.northMall = await add('North Mall', null, 1);
    tree.store12 = await add('Store 12', tree.northMall, 2);
    tree.southMall = await add('South Mall', null, 1);
  });
  // The register: two persons, a legal entity and a vehicle, recorded on a first incident.
  const first = await submit(
    form(tree.southMall, [null, null], {
      companies: [{ ...incidentForm(refs, { companies: 1 }).companies[0], name: 'Quickfence Ltd' } as never],
      vehicles: [{ ...vehicleCard(refs, 0, null), ...PLATE }],
    }),
    admin,
  );
  const persons = (await call('GET', `/incidents/${first.id}/persons`)).json<Person[]>();
  personId = persons.find((p) => p.firstName === 'Morgan')?.personId ?? '';
  otherPersonId = persons.find((p) => p.firstName === 'Avery')?.personId ?? '';
  const companies = (await call('GET', `/incidents/${first.id}/companies`)).json<{ personId: string }[]>();
  companyId = companies[0]?.personId ?? '';
  expect([personId, otherPersonId, companyId].every(Boolean)).toBe(true);
  // The first incident was saved before any ban: it has no alert.
});
afterAll(() => t.close());

describe('POST /subjects/alerts', () => {
  it('matches a ban on a parent location at a child location, not at a sibling', async () => {
    const banId = await ban(`person/${personId}`, { locationIds: [tree.northMall], endDate: '2099-03-12' });
    const alerts = await check({ locationId: tree.store12, personIds: [personId] });
    expect(alerts).toEqual([
      {
        banId,
        subjectKind: 'person',
        subjectId: personId,
        subjectName: 'Morgan Q Vale',
        banType: 'ban',
        locationName: 'North Mall',
        until: '03/12/2099',
        message: 'Banned from North Mall until 03/12/2099',
        reason: 'Shoplifting, third time.',
      },
    ]);
    expect(await check({ locationId: tree.southMall, personIds: [personId] })).toEqual([]);
    expect(await check({ locationId: null, personIds: [personId] })).toEqual([]);
  });

  it('matches a company-wide ban anywhere; expired, revoked and upcoming bans do not alert', async () => {
    await ban(`legalEntity/${companyId}`, { banType: 'watch', reason: 'Fence', locationIds: [] });
    const expired = await ban(`person/${otherPersonId}`, { endDate: addDays(today(), -1) });
    await ban(`person/${otherPersonId}`, { startDate: addDays(today(), 2), endDate: null });
    const revoked = await ban(`person/${otherPersonId}`, { banType: 'trespass' });
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/subjects/bans/${revoked}`, headers: admin })).statusCode,
    ).toBe(204);
    const alerts = await check({ locationId: tree.southMall, personIds: [otherPersonId], companyIds: [companyId] });
    expect(alerts.map((alert) => alert.message)).toEqual(['On watch at all locations indefinitely']);
    expect(alerts[0]).toMatchObject({
      subjectName: 'Quickfence Ltd',
      subjectKind: 'legalEntity',
      until: 'indefinitely',
    });
    // On a day the expired ban was in force (the date occurred), it alerts.
    const then = await check({
      locationId: tree.southMall,
      occurredDate: `${addDays(today(), -3)}T12:00:00.000Z`,
      personIds: [otherPersonId],
    });
    expect(then.map((alert) => alert.banId)).toEqual([expired]);
  });

  it('matches a vehicle by its normalised plate and province', async () => {
    const vehicles = (await call('GET', '/subjects?kind=vehicle')).json<Page<{ id: string }>>();
    const vehicleId = vehicles.items[0]?.id ?? '';
    await ban(`vehicle/${vehicleId}`, { banType: 'trespass', locationIds: [tree.store12], endDate: null });
    const alerts = await check({
      locationId: tree.store12,
      vehicles: [{ licensePlate: 'AB12-CD', stateProvince: ' ON' }],
    });
    expect(alerts.map((alert) => [alert.subjectName, alert.message])).toEqual([
      ['ab-12 cd (on)', 'Trespass notice for Store 12 indefinitely'],
    ]);
    expect(
      await check({ locationId: tree.store12, vehicles: [{ licensePlate: 'AB12CE', stateProvince: 'ON' }] }),
    ).toEqual([]);
  });

  it('answers the reason only with SUBJECT_VIEW, and never a private person field', async () => {
    const alerts = await check({ locationId: tree.store12, personIds: [personId] }, staff);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.reason).toBeNull();
    const body = JSON.stringify(alerts);
    for (const value of Object.values(PRIVATE)) expect(body).not.toContain(value);
  });

  it('keeps to the caller’s company, and refuses no session, no privilege and bad input', async () => {
    // Company B's admin naming company A's register person and location learns nothing.
    expect(await check({ locationId: tree.store12, personIds: [personId] }, adminB)).toEqual([]);
    expect((await t.inject({ method: 'POST', url: '/api/subjects/alerts', payload: {} })).statusCode).toBe(401);
    const viewer = await t.signIn(await t.createUser(a.accountId, { privileges: ['SUBJECT_VIEW'] }));
    expect((await call('POST', '/subjects/alerts', {}, viewer)).statusCode).toBe(403);
    const bad = await call('POST', '/subjects/alerts', { personIds: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Invalid register id');
  });
});

describe('a saved incident with a banned subject', () => {
  it('is flagged in lists, shows its alerts, and emails each new alert once with no private field', async () => {
    const smtp = await startSmtpCapture();
    try {
      const safety = await classIdOf(t, a.accountId, ['Safety']);
      const rule = await call(
        'POST',
        '/incidentNotifications',
        ruleBody(safety, {
          name: 'Loss prevention',
          recipientEmails: ['lp@a.example'],
          lookupClasses: [{ classLookupId: safety, eventTypeList: 'CLOSE' }],
          bannedSubjectAlerts: true,
        }),
      );
      expect(rule.statusCode, rule.body).toBe(200);
      expect(rule.json<{ bannedSubjectAlerts: boolean }>().bannedSubjectAlerts).toBe(true);
      const runner = createJobRunner(
        t.database,
        createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '/nonexistent' }),
        () => {},
        { accountId: a.accountId, publicUrl: t.config.publicUrl },
      );
      await runner.runDue();
      smtp.received.length = 0;

      const saved = await submit(form(tree.store12, [personId]));
      const plain = await submit(form(tree.southMall, [personId]));
      await runner.runDue();
      expect(smtp.received.map((mail) => `${mail.to}: ${mail.subject}`)).toEqual([
        'lp@a.example: Banned subject at Store 12: Morgan Q Vale',
      ]);
      const text = smtp.received[0]?.text ?? '';
      expect(text).toContain('Banned from North Mall until 03/12/2099');
      expect(text).toContain(`${t.config.publicUrl}/incident/${saved.id}`);
      for (const value of [...Object.values(PRIVATE), 'Shoplifting']) expect(text).not.toContain(value);

      const mine = (await call('GET', '/incidents/my?psz=100', undefined, staff)).json<Page<IncidentRow>>();
      const flag = (id: string) => mine.items.find((row) => row.id === id)?.bannedSubject;
      expect([flag(saved.id), flag(plain.id)]).toEqual([true, false]);
      const found = await call(
        'POST',
        '/incidents/search',
        {
          criteria: {
            incidentNumber: {
              values: [
                { id: 'n1', number: saved.number },
                { id: 'n2', number: plain.number },
              ],
            },
          },
        },
        staff,
      );
      expect(found.statusCode, found.body).toBe(200);
      const results = found.json<Page<IncidentRow>>().items;
      expect(results.map((row) => [row.number, row.bannedSubject]).sort()).toEqual(
        [
          [saved.number, true],
          [plain.number, false],
        ].sort(),
      );
      // The new alert is in the audit trail, on the ban, in the save's transaction.
      const audits = await t.database.system(async (tx) =>
        rowsOf<{ object_name: string; object_data: { incidentId: string } }>(
          await tx.execute(sql`select object_name, object_data from audit_entries
            where account_id = ${a.accountId} and object_type = 'SUBJECT' and transaction_type = 'ALERT'`),
        ),
      );
      expect(audits.map((row) => [row.object_name, row.object_data.incidentId])).toEqual([
        [`Morgan Q Vale on #${saved.number}`, saved.id],
      ]);
      const shown = (
        await call('GET', `/incidents/${saved.id}/subjectAlerts`, undefined, staff)
      ).json<SubjectAlertList>();
      expect(shown.items.map((alert) => [alert.message, alert.reason])).toEqual([
        ['Banned from North Mall until 03/12/2099', null],
      ]);
      expect(
        (await call('GET', `/incidents/${saved.id}/subjectAlerts`)).json<SubjectAlertList>().items[0]?.reason,
      ).toBe('Shoplifting, third time.');
      expect((await call('GET', `/incidents/${saved.id}/subjectAlerts`, undefined, adminB)).statusCode).toBe(404);

      // An edit that keeps the subject sends nothing new; adding the watched legal entity sends its alert.
      smtp.received.length = 0;
      const copy = await storeWorkingCopy(t, admin, saved.id, (fields) => ({ ...fields, summary: '<p>Edited</p>' }));
      const edited = await call('PUT', '/incidents', { ...copy.data, id: saved.id, draftId: copy.id });
      expect(edited.statusCode, edited.body).toBe(200);
      await runner.runDue();
      expect(smtp.received).toEqual([]);
      const again = await storeWorkingCopy(t, admin, saved.id, (fields) => ({
        ...fields,
        companies: [
          {
            ...incidentForm(refs, { companies: 1 }).companies[0],
            personId: companyId,
            name: 'Quickfence Ltd',
          } as never,
        ],
      }));
      const added = await call('PUT', '/incidents', { ...again.data, id: saved.id, draftId: again.id });
      expect(added.statusCode, added.body).toBe(200);
      await runner.runDue();
      expect(smtp.received.map((mail) => mail.subject)).toEqual(['Watched subject at Store 12: Quickfence Ltd']);
      const pending = await t.database.system((tx) =>
        tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.accountId, a.accountId), isNull(jobs.doneAt), isNull(jobs.failedAt))),
      );
      expect(pending).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('forgets the alert of a subject an edit removes, and never sends another company’s rule', async () => {
    const safetyB = await classIdOf(t, b.accountId, ['Safety']);
    const ruleB = await call(
      'POST',
      '/incidentNotifications',
      ruleBody(safetyB, {
        name: 'B alerts',
        recipientEmails: ['lp@b.example'],
        lookupClasses: [],
        bannedSubjectAlerts: true,
      }),
      adminB,
    );
    expect(ruleB.statusCode, ruleB.body).toBe(200);
    const saved = await submit(form(tree.store12, [personId]));
    const alertsOf = async () =>
      (await call('GET', `/incidents/${saved.id}/subjectAlerts`))
        .json<SubjectAlertList>()
        .items.map((a) => a.subjectId);
    expect(await alertsOf()).toEqual([personId]);
    const queued = await t.database.system(async (tx) =>
      rowsOf<{ to: string }>(
        await tx.execute(sql`select payload->>'to' as to from jobs where payload->>'to' like '%@b.example'`),
      ),
    );
    expect(queued).toEqual([]);

    const copy = await storeWorkingCopy(t, admin, saved.id, (fields) => ({ ...fields, persons: [] }));
    const edited = await call('PUT', '/incidents', { ...copy.data, id: saved.id, draftId: copy.id });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await alertsOf()).toEqual([]);
    const mine = (await call('GET', '/incidents/my?psz=100', undefined, staff)).json<Page<IncidentRow>>();
    expect(mine.items.find((row) => row.id === saved.id)?.bannedSubject).toBe(false);
  });
});
