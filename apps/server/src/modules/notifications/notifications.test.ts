import { randomUUID } from 'node:crypto';
import type { Notification } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { notificationDismissals, notifications } from '../../db/schema/index';

let t: TestContext;
let company: TestCompany;
let staffHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
let banner: string;
let paymentError: string;
let resolved: string;

const list = async (headers: Record<string, string>) => {
  const response = await t.inject({ method: 'GET', url: '/api/notifications', headers });
  expect(response.statusCode).toBe(200);
  return response.json<Notification[]>();
};

const dismiss = (id: string, headers = staffHeaders) =>
  t.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers });

beforeAll(async () => {
  t = await createTestContext();
  company = await t.createCompany();
  const insert = (values: Omit<typeof notifications.$inferInsert, 'accountId'>) =>
    t.database.system(async (tx) => {
      const [row] = await tx
        .insert(notifications)
        .values({ accountId: company.accountId, ...values })
        .returning({ id: notifications.id });
      return row?.id ?? '';
    });
  banner = await insert({ message: 'Scheduled maintenance on Sunday.', notificationType: 'GENERAL', level: 'INFO' });
  paymentError = await insert({
    message: 'Your last payment failed.',
    notificationType: 'PAYMENT_ERROR',
    level: 'WARNING',
    userDismissAvailable: false,
  });
  resolved = await insert({ message: 'Old news', notificationType: 'GENERAL', dismissed: true });
  staffHeaders = await t.signIn(company.staff);
  adminHeaders = await t.signIn(company.admin);
});
afterAll(() => t.close());

describe('GET /api/notifications', () => {
  it("lists the company's current banners, oldest first, without resolved ones", async () => {
    expect(await list(staffHeaders)).toEqual([
      {
        id: banner,
        message: 'Scheduled maintenance on Sunday.',
        notificationType: 'GENERAL',
        level: 'INFO',
        userDismissAvailable: true,
        dismissed: false,
        userDismissed: false,
      },
      {
        id: paymentError,
        message: 'Your last payment failed.',
        notificationType: 'PAYMENT_ERROR',
        level: 'WARNING',
        userDismissAvailable: false,
        dismissed: false,
        userDismissed: false,
      },
    ]);
    expect((await list(staffHeaders)).map((n) => n.id)).not.toContain(resolved);
  });
});

describe('DELETE /api/notifications/:id', () => {
  it('dismisses the banner for that user only, and again without error', async () => {
    const first = await dismiss(banner);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    const again = await dismiss(banner);
    expect(again.statusCode).toBe(204);
    const forStaff = await list(staffHeaders);
    expect(forStaff.find((n) => n.id === banner)).toMatchObject({ userDismissed: true, dismissed: false });
    const forAdmin = await list(adminHeaders);
    expect(forAdmin.find((n) => n.id === banner)).toMatchObject({ userDismissed: false });
    const rows = await t.database.system((tx) =>
      tx.select().from(notificationDismissals).where(eq(notificationDismissals.notificationId, banner)),
    );
    expect(rows).toEqual([expect.objectContaining({ userId: company.staff.id, accountId: company.accountId })]);
  });

  it('refuses to dismiss a banner that must stay, with 400', async () => {
    const response = await dismiss(paymentError);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'This notification cannot be dismissed.' });
    const forStaff = await list(staffHeaders);
    expect(forStaff.find((n) => n.id === paymentError)).toMatchObject({ userDismissed: false });
  });

  it('answers 404 to an unknown id', async () => {
    const response = await dismiss(randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Notification not found.' });
  });

  it("answers 404 to another company's banner and leaves it alone", async () => {
    const other = await t.createCompany();
    const [foreign] = await t.database.system((tx) =>
      tx
        .insert(notifications)
        .values({ accountId: other.accountId, message: 'Elsewhere', notificationType: 'GENERAL' })
        .returning({ id: notifications.id }),
    );
    const response = await dismiss(foreign?.id ?? '');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
    const rows = await t.database.system((tx) =>
      tx
        .select()
        .from(notificationDismissals)
        .where(eq(notificationDismissals.notificationId, foreign?.id ?? '')),
    );
    expect(rows).toHaveLength(0);
  });

  it("answers 400 'Invalid id' to an id that is not an identifier", async () => {
    for (const id of ['abc', '123', `${randomUUID()}x`]) {
      const response = await dismiss(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid id' });
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'DELETE', url: `/api/notifications/${banner}` });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
  });
});

describe('a stored banner the API cannot describe', () => {
  it('is a server error (500 INTERNAL), not a 400 blaming the request', async () => {
    const odd = await t.createCompany();
    await t.database.system((tx) =>
      tx.insert(notifications).values({ accountId: odd.accountId, message: 'Legacy', notificationType: 'LEGACY' }),
    );
    const response = await t.inject({ method: 'GET', url: '/api/notifications', headers: await t.signIn(odd.staff) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
