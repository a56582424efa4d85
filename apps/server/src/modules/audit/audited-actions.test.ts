import { USER_STATUS } from '@blotter/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classIdOf, ruleBody } from '../../../test/fixtures/notification-fixtures';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries } from '../../db/schema/index';

/*
 * The changes that wrote no audit entry before issue 26: each now writes its entry in the
 * change's transaction (so a refused change writes none).
 */

let t: TestContext;
let c: TestCompany;
let admin: Record<string, string>;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

/** The company's entries of one type and transaction, newest first. */
const entries = (objectType: string, transactionType: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.accountId, c.accountId),
          eq(auditEntries.objectType, objectType),
          eq(auditEntries.transactionType, transactionType),
        ),
      )
      .orderBy(desc(auditEntries.createdAt)),
  );

beforeAll(async () => {
  t = await createTestContext();
  c = await t.createCompany({ name: 'Audited actions', concurrentUserCount: 50 });
  admin = await t.signIn(c.admin);
});
afterAll(() => t.close());

describe('incident notification rules', () => {
  it('audit adding, changing and deleting a rule with its recipients (ACCOUNT NOTIFICATION_*)', async () => {
    const theft = await classIdOf(t, c.accountId, ['Security', 'Theft']);
    const created = await call('POST', '/incidentNotifications', admin, ruleBody(theft));
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: string }>();
    expect(await entries('ACCOUNT', 'NOTIFICATION_CREATE')).toEqual([
      expect.objectContaining({
        objectId: id,
        objectName: 'Theft alert',
        createUserId: c.admin.id,
        objectData: {
          name: 'Theft alert',
          recipientEmails: ['guard@test.example'],
          lookupClasses: [{ className: 'Security / Theft', eventTypeList: 'CREATE' }],
          bannedSubjectAlerts: false,
        },
      }),
    ]);
    const outside = ruleBody(theft, { id, recipientEmails: ['guard@test.example', 'someone@outside.example'] });
    expect((await call('PUT', '/incidentNotifications', admin, outside)).statusCode).toBe(200);
    const [updated] = await entries('ACCOUNT', 'NOTIFICATION_UPDATE');
    expect(updated?.objectData).toMatchObject({
      recipientEmails: ['guard@test.example', 'someone@outside.example'],
      previous: { recipientEmails: ['guard@test.example'] },
    });
    expect((await call('DELETE', `/incidentNotifications/${id}`, admin)).statusCode).toBe(204);
    expect(await entries('ACCOUNT', 'NOTIFICATION_DELETE')).toEqual([
      expect.objectContaining({ objectId: id, objectData: expect.objectContaining({ name: 'Theft alert' }) }),
    ]);
    // A refused change writes nothing.
    expect((await call('DELETE', `/incidentNotifications/${id}`, admin)).statusCode).toBe(404);
    expect(await entries('ACCOUNT', 'NOTIFICATION_DELETE')).toHaveLength(1);
  });
});

describe('POST /lookupMultipleLabels', () => {
  it('audits a save that changed no level too (one LOOKUP UPDATE for the type)', async () => {
    const body = { type: 'incidentCause', labels: ['Cause', 'Detail'] };
    expect((await call('POST', '/lookupMultipleLabels', admin, body)).statusCode).toBe(200);
    const before = (await entries('LOOKUP', 'UPDATE')).length;
    expect((await call('POST', '/lookupMultipleLabels', admin, body)).statusCode).toBe(200);
    const all = await entries('LOOKUP', 'UPDATE');
    expect(all.length).toBe(before + 1);
    expect(all[0]).toMatchObject({ objectName: expect.stringContaining('labels'), createUserId: c.admin.id });
  });
});

describe('verification emails, password reset requests and sign-outs', () => {
  it('audit resending a verification email, by an administrator and by the pending user (USER RESEND_VERIFICATION)', async () => {
    const pending = await t.createUser(c.accountId, { status: USER_STATUS.PENDING });
    const sent = await call('POST', '/users/emailVerification', admin, { userId: pending.id });
    expect(sent.statusCode, sent.body).toBe(204);
    const own = await call('POST', '/users/myEmailVerification', await t.signIn(pending));
    expect(own.statusCode, own.body).toBe(204);
    const rows = await entries('USER', 'RESEND_VERIFICATION');
    expect(rows.map((row) => [row.objectId, row.createUserId])).toEqual([
      [pending.id, pending.id],
      [pending.id, c.admin.id],
    ]);
  });

  it('audits a password reset request of the signed-in user (USER REQUEST_PASSWORD_RESET)', async () => {
    const user = await t.createUser(c.accountId);
    const response = await call('GET', '/users/requestChangePassword', await t.signIn(user));
    expect(response.statusCode, response.body).toBe(204);
    expect(await entries('USER', 'REQUEST_PASSWORD_RESET')).toEqual([
      expect.objectContaining({ objectId: user.id, createUserId: user.id }),
    ]);
  });

  it('audits signing out (AUTHENTICATION DELETE), once per session', async () => {
    const user = await t.createUser(c.accountId);
    const headers = await t.signIn(user);
    expect((await call('DELETE', '/users/sessions', headers)).statusCode).toBe(204);
    const signOuts = async () =>
      (await entries('AUTHENTICATION', 'DELETE')).filter((row) => row.createUserId === user.id);
    expect(await signOuts()).toEqual([expect.objectContaining({ objectId: user.id, objectName: user.email })]);
  });
});
