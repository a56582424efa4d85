import { CLOSE_MESSAGES, type IncidentDetail } from '@blotter/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentForm } from '../../../../test/fixtures/incident-fixtures';
import {
  a,
  admin,
  refs,
  setUpLifecycle,
  signInWith,
  staff,
  stateOf,
  t,
} from '../../../../test/fixtures/lifecycle-test-setup';
import { auditRowsOf, historyRowsOf } from '../../../../test/incidents';
import { incidents } from '../../../db/schema/index';
import { CREATE_CLOSED_MESSAGES } from './create-closed';

beforeAll(setUpLifecycle);
afterAll(() => t.close());

const submit = (headers: Record<string, string>, close?: Record<string, unknown>) =>
  t.inject({
    method: 'POST',
    url: '/api/incidents',
    headers,
    payload: { ...incidentForm(refs), ...(close ? { close } : {}) },
  });
const incidentCount = async () => {
  const [row] = await t.database.system((tx) =>
    tx.select({ n: count() }).from(incidents).where(eq(incidents.accountId, a.accountId)),
  );
  return row?.n ?? 0;
};

describe('POST /api/incidents with the Close dialog (Close incident on the new-incident form)', () => {
  it('submits and closes in one transaction: history CREATE then CLOSE, audit of both', async () => {
    const response = await submit(staff, { closedBy: 'USER', closeComments: 'Resolved on the spot' });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ id: string; number: number }>();
    expect(created).toEqual({ id: expect.any(String), number: expect.any(Number) });

    const stored = await stateOf(created.id);
    expect(stored).toMatchObject({ status: 2, createUserId: a.staff.id });
    expect(stored?.close).toMatchObject({
      closedBy: 'USER',
      closeUserId: a.staff.id,
      closeComments: 'Resolved on the spot',
    });
    const history = await historyRowsOf(t, created.id);
    expect(history.map((row) => row.actionType).reverse()).toEqual(['CREATE', 'CLOSE']);
    expect((await auditRowsOf(t, created.id)).map((row) => row.transactionType)).toEqual(['CLOSE', 'CREATE']);

    // The history lists CREATE before CLOSE, and the CLOSE entry compares with the created version.
    const entries = await t.inject({ method: 'GET', url: `/api/incidents/${created.id}/history`, headers: staff });
    expect(entries.statusCode, entries.body).toBe(200);
    expect(entries.body.indexOf('CLOSE')).toBeLessThan(entries.body.indexOf('CREATE'));

    const detail = await t.inject({ method: 'GET', url: `/api/incidents/${created.id}`, headers: staff });
    expect(detail.json<IncidentDetail>()).toMatchObject({ status: 2, close: { closedBy: 'USER' } });
  });

  it("closes 'By other' with the named person", async () => {
    const response = await submit(admin, { closedBy: 'OTHER', closeFirstName: 'Jane', closeLastName: 'Public' });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await stateOf(response.json<{ id: string }>().id);
    expect(stored?.close).toMatchObject({ closedBy: 'OTHER', closeUserId: null, closeFirstName: 'Jane' });
  });

  it('stays an open incident without the close block', async () => {
    const response = await submit(staff);
    expect(response.statusCode, response.body).toBe(200);
    expect((await stateOf(response.json<{ id: string }>().id))?.status).toBe(1);
  });

  it('refuses a bad close block (400) and a user without a close privilege (403), creating nothing', async () => {
    const before = await incidentCount();
    const bad = await submit(staff, { closedBy: 'OTHER', closeLastName: 'Public' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { code: 'BAD_REQUEST', message: CLOSE_MESSAGES.firstNameRequired },
    ]);

    const adder = await signInWith({ privileges: ['MYINCIDENT_ADD'] });
    const refused = await submit(adder, { closedBy: 'USER' });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { code: 'FORBIDDEN', message: CREATE_CLOSED_MESSAGES.closeForbidden },
    ]);
    expect(await incidentCount()).toBe(before);
    // The same user may still submit the incident without closing it.
    expect((await submit(adder)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await submit({}, { closedBy: 'USER' })).statusCode).toBe(401);
  });
});
