import { createServer, type IncomingMessage, type Server } from 'node:http';
import { SITE_ADMIN_MESSAGES } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, freePort, type TestCompany, type TestContext } from '../../../test/test-app';
import { jobs, systemState, users } from '../../db/schema/index';
import type { QuickBooksInvoicePayload } from '../../platform/quickbooks/invoice';
import { QUICKBOOKS_CALLBACK_PATH } from '../../platform/quickbooks/oauth';
import { enqueueQuickBooksInvoice } from '../../platform/quickbooks/quickbooks.jobs';

const AUTHENTICATE = '/api/siteAdmins/authenticateQuickBooks';
const CLIENT_ID = 'blotter-test-client';
const CLIENT_SECRET = 'blotter-test-secret';
const REALM = '9130350000000001';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local stand-in for Intuit: its OAuth token endpoint (authorization_code and refresh_token
 * grants) and the few QuickBooks Online accounting endpoints the invoice job uses.
 */
function intuitServer() {
  const seen: Seen[] = [];
  const customers: { Id: string; DisplayName: string }[] = [];
  const receipts = new Map<string, { Id: string }>();
  let refreshes = 0;
  const state = { accessExpiresIn: 30, failReceipts: false };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/oauth2/v1/tokens/bearer') {
        const form = new URLSearchParams(body);
        const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (request.headers.authorization !== basic) return json(401, { error: 'invalid_client' });
        if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
          return json(200, {
            access_token: 'access-1',
            refresh_token: 'refresh-1',
            token_type: 'bearer',
            expires_in: state.accessExpiresIn,
            x_refresh_token_expires_in: 8_726_400,
          });
        }
        if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === `refresh-${refreshes + 1}`) {
          refreshes++;
          return json(200, {
            access_token: `access-${refreshes + 1}`,
            refresh_token: `refresh-${refreshes + 1}`,
            token_type: 'bearer',
            expires_in: 3600,
            x_refresh_token_expires_in: 8_726_400,
          });
        }
        return json(400, { error: 'invalid_grant' });
      }
      const prefix = `/v3/company/${REALM}/`;
      if (!url.pathname.startsWith(prefix)) return json(404, {});
      if (request.headers.authorization !== `Bearer access-${refreshes + 1}`) {
        return json(401, { Fault: { Error: [{ Message: 'AuthenticationFailed' }], type: 'AUTHENTICATION' } });
      }
      const resource = url.pathname.slice(prefix.length);
      if (resource === 'query') {
        const name = /DisplayName = '((?:[^'\\]|\\.)*)'/
          .exec(url.searchParams.get('query') ?? '')?.[1]
          ?.replace(/\\(.)/g, '$1');
        const found = customers.filter((c) => c.DisplayName === name);
        return json(200, { QueryResponse: found.length ? { Customer: found } : {} });
      }
      if (resource === 'customer' && request.method === 'POST') {
        const customer = { Id: String(customers.length + 58), DisplayName: JSON.parse(body).DisplayName as string };
        customers.push(customer);
        return json(200, { Customer: customer });
      }
      if (resource === 'salesreceipt' && request.method === 'POST') {
        if (state.failReceipts) {
          return json(400, { Fault: { Error: [{ Message: 'Invalid Reference Id', Detail: 'Item 1 not found' }] } });
        }
        const key = url.searchParams.get('requestid') ?? '';
        const receipt = receipts.get(key) ?? { Id: String(receipts.size + 900) };
        receipts.set(key, receipt);
        return json(200, { SalesReceipt: receipt });
      }
      return json(404, {});
    });
  });
  return { server, seen, customers, receipts, state, refreshes: () => refreshes };
}

describe('QuickBooks Online: authorisation and the invoice job', () => {
  let t: TestContext;
  let intuit: ReturnType<typeof intuitServer>;
  let company: TestCompany;
  let headers: Record<string, string>;
  let base = '';

  beforeAll(async () => {
    intuit = intuitServer();
    const port = await freePort();
    await new Promise<void>((resolve) => intuit.server.listen(port, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${port}`;
    t = await createTestContext({
      config: {
        quickBooks: {
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          environment: 'sandbox',
          authorizeUrl: `${base}/connect/oauth2`,
          tokenUrl: `${base}/oauth2/v1/tokens/bearer`,
          apiUrl: base,
          itemId: '1',
        },
      },
    });
    company = await t.createCompany({ name: "O'Neil Security" });
    await t.database.system((tx) => tx.update(users).set({ systemAdmin: true }).where(eq(users.id, company.staff.id)));
    headers = await t.signIn(company.staff);
  });
  afterAll(async () => {
    await t?.close();
    intuit?.server.close();
  });

  const payment = (paymentId: string): QuickBooksInvoicePayload => ({
    accountId: company.accountId,
    paymentId,
    amountCents: 28_250,
    taxCents: 3_250,
    description: 'Blotter yearly plan, 25 concurrent users',
    companyName: "O'Neil Security",
    billingEmail: 'billing@oneil.example',
    paidAt: '2026-03-14T10:00:00.000Z',
  });
  const jobOf = async (paymentId: string) => {
    const rows = await t.database.system((tx) => tx.select().from(jobs).where(eq(jobs.type, 'quickbooksInvoice')));
    return rows.find((row) => (row.payload as QuickBooksInvoicePayload).paymentId === paymentId);
  };

  it('refuses (404) the authorisation to an administrator who is not a system administrator', async () => {
    const response = await t.inject({ method: 'GET', url: AUTHENTICATE, headers: await t.signIn(company.admin) });
    expect(response.statusCode).toBe(404);
  });

  it('keeps an invoice waiting, without spending attempts, while no QuickBooks company is connected', async () => {
    await t.database.tenant(company.accountId, (tx) => enqueueQuickBooksInvoice(tx, payment('pay-waiting')));
    await t.app.jobs.runDue();
    const job = await jobOf('pay-waiting');
    expect(job).toMatchObject({ attempts: 0, doneAt: null, failedAt: null });
    expect(job?.lastError).toMatch(/not connected/);
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    expect(intuit.seen).toEqual([]);
  });

  it('answers the Intuit authorisation URL with the accounting scope, our callback and a state', async () => {
    const response = await t.inject({ method: 'GET', url: AUTHENTICATE, headers });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ data: string }>().data);
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/connect/oauth2`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: `${t.config.publicUrl}${QUICKBOOKS_CALLBACK_PATH}`,
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('connects through the callback once: the code is exchanged, the tokens stored encrypted', async () => {
    const first = await t.inject({ method: 'GET', url: AUTHENTICATE, headers });
    const state = new URL(first.json<{ data: string }>().data).searchParams.get('state') ?? '';
    // A newer authorisation replaces the older one.
    const second = await t.inject({ method: 'GET', url: AUTHENTICATE, headers });
    const latest = new URL(second.json<{ data: string }>().data).searchParams.get('state') ?? '';
    const stale = await t.inject({
      method: 'GET',
      url: QUICKBOOKS_CALLBACK_PATH,
      query: { code: 'good-code', state, realmId: REALM },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain('expired or was already used');

    const callback = { code: 'good-code', state: latest, realmId: REALM };
    const page = await t.inject({ method: 'GET', url: QUICKBOOKS_CALLBACK_PATH, query: callback });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('QuickBooks Online is connected');
    expect(page.body).toContain('You can close this window.');
    const exchange = intuit.seen.find((s) => s.path === '/oauth2/v1/tokens/bearer');
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: `${t.config.publicUrl}${QUICKBOOKS_CALLBACK_PATH}`,
    });
    const [stored] = await t.database.system((tx) =>
      tx.select().from(systemState).where(eq(systemState.key, 'quickbooks_connection')),
    );
    expect(stored?.value).toMatchObject({ realmId: REALM, connectedBy: company.staff.id });
    expect(JSON.stringify(stored?.value)).not.toMatch(/access-1|refresh-1/);

    const again = await t.inject({ method: 'GET', url: QUICKBOOKS_CALLBACK_PATH, query: callback });
    expect(again.statusCode).toBe(400);
  });

  it('pushes the waiting invoice once connected: token refreshed, customer created, paid receipt in dollars', async () => {
    await t.database.system((tx) =>
      tx.update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, 'quickbooksInvoice')),
    );
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await jobOf('pay-waiting')).toMatchObject({ attempts: 1, failedAt: null, doneAt: expect.any(Date) });
    // The first access token was about to expire: the Intuit client refreshed it first.
    expect(intuit.refreshes()).toBe(1);
    expect(intuit.customers).toEqual([{ Id: '58', DisplayName: "O'Neil Security" }]);
    const receipt = intuit.seen.find((s) => s.path.endsWith('/salesreceipt'));
    expect(receipt?.headers.authorization).toBe('Bearer access-2');
    expect(receipt?.query.get('requestid')).toBe('pay-waiting');
    expect(JSON.parse(receipt?.body ?? '{}')).toEqual({
      CustomerRef: { value: '58' },
      TxnDate: '2026-03-14',
      PrivateNote: 'Blotter payment pay-waiting',
      BillEmail: { Address: 'billing@oneil.example' },
      Line: [
        {
          DetailType: 'SalesItemLineDetail',
          Amount: 250,
          Description: 'Blotter yearly plan, 25 concurrent users',
          SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 1, UnitPrice: 250 },
        },
      ],
      TxnTaxDetail: { TotalTax: 32.5 },
    });
  });

  it('reuses the customer and the refreshed token for the next invoice', async () => {
    const before = intuit.seen.length;
    await t.database.tenant(company.accountId, (tx) => enqueueQuickBooksInvoice(tx, payment('pay-2')));
    expect(await t.app.jobs.runDue()).toBe(1);
    const calls = intuit.seen.slice(before).map((s) => `${s.method} ${s.path.replace(`/v3/company/${REALM}/`, '')}`);
    expect(calls).toEqual(['GET query', 'POST salesreceipt']);
    expect(intuit.customers).toHaveLength(1);
    expect(intuit.refreshes()).toBe(1);
  });

  it("retries an invoice QuickBooks refuses, with QuickBooks' message", async () => {
    intuit.state.failReceipts = true;
    await t.database.tenant(company.accountId, (tx) => enqueueQuickBooksInvoice(tx, payment('pay-3')));
    expect(await t.app.jobs.runDue()).toBe(0);
    const job = await jobOf('pay-3');
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job?.lastError).toBe('QuickBooks answered 400: Invalid Reference Id (Item 1 not found)');
    intuit.state.failReceipts = false;
  });

  it('answers a page when the administrator declines at Intuit', async () => {
    const start = await t.inject({ method: 'GET', url: AUTHENTICATE, headers });
    const state = new URL(start.json<{ data: string }>().data).searchParams.get('state') ?? '';
    const page = await t.inject({
      method: 'GET',
      url: QUICKBOOKS_CALLBACK_PATH,
      query: { error: 'access_denied', state },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('QuickBooks Online was not connected.');
  });
});

describe('QuickBooks Online not configured', () => {
  it('answers a system administrator 400 with the message, others 404', async () => {
    const t = await createTestContext();
    try {
      const company = await t.createCompany();
      await t.database.system((tx) =>
        tx.update(users).set({ systemAdmin: true }).where(eq(users.id, company.staff.id)),
      );
      const response = await t.inject({ method: 'GET', url: AUTHENTICATE, headers: await t.signIn(company.staff) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: SITE_ADMIN_MESSAGES.quickBooksNotConfigured });
      const admin = await t.inject({ method: 'GET', url: AUTHENTICATE, headers: await t.signIn(company.admin) });
      expect(admin.statusCode).toBe(404);
      const page = await t.inject({ method: 'GET', url: QUICKBOOKS_CALLBACK_PATH, query: { code: 'x', state: 'y' } });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(SITE_ADMIN_MESSAGES.quickBooksNotConfigured);
    } finally {
      await t.close();
    }
  });
});
