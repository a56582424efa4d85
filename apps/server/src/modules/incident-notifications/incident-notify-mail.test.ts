import type { IncidentFields } from '@blotter/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, personCard } from '../../../test/fixtures/incident-fixtures';
import { classIdOf, ruleBody } from '../../../test/fixtures/notification-fixtures';
import { storeWorkingCopy, submitIncident } from '../../../test/incidents';
import { type ReceivedMail, startSmtpCapture } from '../../../test/smtp-capture';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { accounts, incidents, jobs } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import { createMailer } from '../../platform/mail';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refs: CompanyRefs;
let staff: Record<string, string>;
let admin: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let locationName: string;
const ignore = () => {};

const mailer = () => createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '/nonexistent' });
/** The app's job runner for company A's jobs, sending through the test's SMTP server. */
const runner = () =>
  createJobRunner(t.database, mailer(), ignore, { accountId: a.accountId, publicUrl: t.config.publicUrl });

const pendingJobs = () =>
  t.database.system((tx) =>
    tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, a.accountId), isNull(jobs.doneAt), isNull(jobs.failedAt))),
  );
async function rule(headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await t.inject({ method: 'POST', url: '/api/incidentNotifications', headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

const PRIVATE = {
  unit: 'PRIV-UNIT',
  address: 'PRIV-ADDRESS',
  street: 'PRIV-STREET',
  cityName: 'PRIV-CITY',
  stateName: 'PRIV-STATE',
  postalCode: 'PRIV-POST',
  phone: '999-555-0001',
  mobilePhone: '999-555-0002',
  email: 'priv-person@example.com',
  dateOfBirth: '1971-09-17',
};

/** An incident of a Walk-out (below Security / Theft) with a person whose private fields are marked. */
const walkOut = async (fields: IncidentFields): Promise<IncidentFields> => ({
  ...fields,
  lastClassId: await classIdOf(t, a.accountId, ['Security', 'Theft', 'Shoplifting', 'Walk-out']),
  occurredDate: '2026-03-04T05:06:00.000Z',
  reportedDate: '2026-03-04T19:08:00.000Z',
  summary: '<p>Two <b>cartons</b> of razors taken &amp; not paid.</p>',
  persons: [personCard(refs, 0, { ...PRIVATE, firstName: 'Quentin', lastName: 'Privatus' })],
  companies: [],
  vehicles: [],
  items: [],
  correctiveActions: [],
});

const byRecipient = (mails: ReceivedMail[]) => mails.map((mail) => `${mail.to}: ${mail.subject}`).sort();

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Mail A', concurrentUserCount: 100 });
  b = await t.createCompany({ name: 'Mail B', concurrentUserCount: 100 });
  refs = await companyRefs(t.database, a.accountId);
  // US date format: the email's dates are written in the company's format.
  await t.database.system((tx) => tx.update(accounts).set({ dateFormat: 1 }).where(eq(accounts.id, a.accountId)));
  const names = (await t.database.system((tx) =>
    tx.execute(sql`select name from lookups where id = ${refs.location}`),
  )) as unknown as { rows: { name: string }[] };
  locationName = names.rows[0]?.name ?? '';
  staff = await t.signIn(a.staff);
  admin = await t.signIn(a.admin);
  const adminB = await t.signIn(b.admin);
  const cls = (path: string[]) => classIdOf(t, a.accountId, path);
  await rule(
    admin,
    ruleBody(await cls(['Security', 'Theft']), {
      name: 'Theft reported',
      recipientEmails: ['guard@a.example', 'boss@a.example'],
    }),
  );
  await rule(
    admin,
    ruleBody(await cls(['Security']), {
      name: 'Security incident closed',
      recipientEmails: ['closer@a.example'],
      lookupClasses: [{ classLookupId: await cls(['Security']), eventTypeList: 'CLOSE' }],
    }),
  );
  await rule(
    admin,
    ruleBody(await cls(['Security', 'Theft', 'Shoplifting', 'Walk-out']), {
      name: 'Walk-out edited',
      recipientEmails: ['editor@a.example', 'boss@a.example'],
      lookupClasses: [
        { classLookupId: await cls(['Security', 'Theft', 'Shoplifting', 'Walk-out']), eventTypeList: 'EDIT' },
        // A second row of the same rule matching the same change: still one email per recipient.
        { classLookupId: await cls(['Security', 'Theft']), eventTypeList: 'EDIT,CLOSE' },
      ],
    }),
  );
  await rule(
    admin,
    ruleBody(await cls(['Safety']), {
      name: 'Safety event',
      recipientEmails: ['safety@a.example'],
      lookupClasses: [{ classLookupId: await cls(['Safety']), eventTypeList: 'CREATE,EDIT,CLOSE' }],
    }),
  );
  // Company B's rule on its own Theft class never hears of company A's incidents.
  await rule(
    adminB,
    ruleBody(await classIdOf(t, b.accountId, ['Security', 'Theft']), {
      name: 'B theft',
      recipientEmails: ['b@b.example'],
      lookupClasses: [
        { classLookupId: await classIdOf(t, b.accountId, ['Security', 'Theft']), eventTypeList: 'CREATE,EDIT,CLOSE' },
      ],
    }),
  );
});
afterAll(() => t.close());
beforeEach(async () => {
  smtp = await startSmtpCapture();
});
afterEach(async () => {
  await smtp.close();
});

describe('incident notification emails through a real SMTP server', () => {
  it('emails the matching rules on create, edit and close, each recipient once, with no private field', async () => {
    const incident = await submitIncident(t, staff, refs, {}, (fields) => fields);
    // The fixture's own class (not under a rule's class for CREATE) sends nothing.
    await runner().runDue();
    expect(smtp.received).toEqual([]);

    const created = await t.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: staff,
      payload: await walkOut(incident.fields),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, number } = created.json<{ id: string; number: number }>();
    expect(await runner().runDue()).toBe(2);
    expect(byRecipient(smtp.received)).toEqual(['boss@a.example: Theft reported', 'guard@a.example: Theft reported']);
    const [mail] = smtp.received;
    const link = `${t.config.publicUrl}/incident/${id}`;
    expect(mail?.text).toBe(
      [
        mail?.text.split('\n')[0],
        '',
        `Incident number: ${number}`,
        'Event: Created',
        'Class: Security / Theft / Shoplifting / Walk-out',
        `Location: ${locationName}`,
        `Address: ${mail?.text.match(/Address: (.*)/)?.[1]}`,
        'Date occurred: 03/04/2026 05:06 AM (UTC)',
        'Date reported: 03/04/2026 07:08 PM (UTC)',
        '',
        'Summary:',
        'Two cartons of razors taken & not paid.',
        '',
        `View the incident: ${link}`,
      ].join('\n'),
    );
    expect(mail?.text.split('\n')[0]).toMatch(new RegExp(`^Incident #${number} was created by Test User \\S+\\.$`));
    expect(mail?.text).toMatch(/\nAddress: .*200 King Street.*Canada\n/);
    for (const mailText of smtp.received.map((m) => m.raw)) {
      for (const value of [...Object.values(PRIVATE), '17/09/1971', '09/17/1971', 'Quentin', 'Privatus']) {
        expect(mailText).not.toContain(value);
      }
    }

    // Edit: the Walk-out rule (one email each, although two of its rows match); CREATE-only rules stay quiet.
    smtp.received.length = 0;
    const copy = await storeWorkingCopy(t, admin, id, (fields) => ({ ...fields, summary: '<p>Edited</p>' }));
    const edited = await t.inject({
      method: 'PUT',
      url: '/api/incidents',
      headers: admin,
      payload: { ...copy.data, id, draftId: copy.id },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await runner().runDue();
    expect(byRecipient(smtp.received)).toEqual([
      'boss@a.example: Walk-out edited',
      'editor@a.example: Walk-out edited',
    ]);
    expect(smtp.received[0]?.text).toContain('Event: Edited\n');
    expect(smtp.received[0]?.text).toContain('Summary:\nEdited\n');

    // Close: the Security rule (a class two levels up) and the Walk-out rule's Theft row.
    smtp.received.length = 0;
    const closed = await t.inject({
      method: 'POST',
      url: `/api/incidents/close/${id}`,
      headers: admin,
      payload: { closedBy: 'USER' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await runner().runDue();
    expect(byRecipient(smtp.received)).toEqual([
      'boss@a.example: Walk-out edited',
      'closer@a.example: Security incident closed',
      'editor@a.example: Walk-out edited',
    ]);
    expect(smtp.received.every((m) => m.text.includes('Event: Closed\n'))).toBe(true);

    // Reopening is no event of a rule; every job is done and none is sent again.
    smtp.received.length = 0;
    expect((await t.inject({ method: 'POST', url: `/api/incidents/open/${id}`, headers: admin })).statusCode).toBe(200);
    expect(await runner().runDue()).toBe(0);
    expect(smtp.received).toEqual([]);
    expect(await pendingJobs()).toEqual([]);
    // Company B's rule on its own Theft class queued nothing for company A's incident.
    const forB = await t.database.system((tx) =>
      tx.select({ id: jobs.id }).from(jobs).where(sql`${jobs.payload}->>'to' = 'b@b.example'`),
    );
    expect(forB).toEqual([]);
  });

  it('sends nothing for a change that rolls back', async () => {
    // A recipient whose job cannot be stored fails the change after the rule's first email was queued.
    await rule(
      admin,
      ruleBody(await classIdOf(t, a.accountId, ['Safety', 'Fire']), {
        name: 'Fire',
        recipientEmails: ['first@a.example', 'explode@a.example'],
      }),
    );
    await t.database.system(async (tx) => {
      await tx.execute(sql`create or replace function test_refuse_job() returns trigger language plpgsql as $$
        begin
          if new.payload->>'to' = 'explode@a.example' then raise exception 'refused by the test'; end if;
          return new;
        end $$`);
      await tx.execute(
        sql`create trigger test_refuse_job before insert on jobs for each row execute function test_refuse_job()`,
      );
    });
    try {
      const fire = await classIdOf(t, a.accountId, ['Safety', 'Fire']);
      const before = await t.database.system((tx) =>
        tx.select({ id: incidents.id }).from(incidents).where(eq(incidents.accountId, a.accountId)),
      );
      const response = await submitIncident(t, staff, refs, {}, (fields) => ({ ...fields, lastClassId: fire })).catch(
        (error: Error) => error,
      );
      expect(response).toBeInstanceOf(Error);
      const after = await t.database.system((tx) =>
        tx.select({ id: incidents.id }).from(incidents).where(eq(incidents.accountId, a.accountId)),
      );
      expect(after).toHaveLength(before.length);
      expect(await pendingJobs()).toEqual([]);
      await runner().runDue();
      expect(smtp.received).toEqual([]);
    } finally {
      await t.database.system(async (tx) => {
        await tx.execute(sql`drop trigger test_refuse_job on jobs`);
        await tx.execute(sql`drop function test_refuse_job()`);
      });
    }
  });
});
