import type { WebhookDelivery, WebhookEndpoint } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs } from '../../../test/fixtures/incident-fixtures';
import { submitIncident } from '../../../test/incidents';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { startWebhookReceiver, webhookHeaders } from '../../../test/webhook-receiver';
import type { Environment } from '../../config';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import { createMailer, type Mailer, memoryMailer } from '../../platform/mail';

let t: TestContext;
let a: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const ignore = () => {};

/** Company A's job runner, as the app builds it, in the given environment. */
const runner = (environment: Environment = 'test', mailer: Mailer = memoryMailer()) =>
  createJobRunner(t.database, mailer, ignore, { accountId: a.accountId, publicUrl: t.config.publicUrl, environment });

async function addEndpoint(events: string[], url = receiver.url) {
  const response = await t.inject({ method: 'POST', url: '/api/webhooks', headers: admin, payload: { url, events } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookEndpoint>();
}
const secretOf = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/api/webhooks/${id}/secret`, headers: admin })).json<{ secret: string }>()
    .secret;
const deliveryLog = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: admin })).json<{
    items: WebhookDelivery[];
    total: number;
  }>();
/** The pending delivery job of a delivery: its run_at in seconds from now. */
const jobOf = async (deliveryId: string) => {
  const [job] = await t.database.system((tx) =>
    tx
      .select({ id: jobs.id, inSeconds: sql<number>`extract(epoch from ${jobs.runAt} - now())::float` })
      .from(jobs)
      .where(and(eq(jobs.type, 'webhookDelivery'), sql`${jobs.payload}->>'deliveryId' = ${deliveryId}`)),
  );
  if (!job) throw new Error('no job');
  return job;
};
/** Time passes for the delivery: its job is due now. */
const dueNow = (jobId: string) =>
  t.database.system((tx) => tx.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, jobId)));

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Deliveries A', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, a.accountId);
  admin = await t.signIn(a.admin);
});
afterAll(() => t.close());
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.close());

describe('webhook deliveries to a real receiver', () => {
  it('POSTs the event signed so that standardwebhooks verifies it with the revealed secret', async () => {
    const endpoint = await addEndpoint(['incident.created']);
    const incident = await submitIncident(t, admin, refs);
    expect(await runner().runDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    // As the snippet of the API docs page verifies: the raw body and the request's headers as received.
    const event = new Webhook(await secretOf(endpoint.id)).verify(
      request.body,
      request.headers as Record<string, string>,
    );
    expect(event).toMatchObject({
      type: 'incident.created',
      data: {
        id: incident.id,
        number: incident.number,
        links: { html: `${t.config.publicUrl}/incident/${incident.id}` },
      },
    });
    expect(request.headers['content-type']).toBe('application/json');
    // A wrong secret or a changed body does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(request.body, webhookHeaders(request.headers)),
    ).toThrow();
    const verifier = new Webhook(await secretOf(endpoint.id));
    expect(() =>
      verifier.verify(request.body.replace('incident.created', 'incident.deleted'), webhookHeaders(request.headers)),
    ).toThrow();
    const log = await deliveryLog(endpoint.id);
    expect(log.items[0]).toMatchObject({
      eventType: 'incident.created',
      status: 'delivered',
      responseCode: 200,
      attempts: 1,
    });
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const endpoint = await addEndpoint(['incident.created']);
    const old = await secretOf(endpoint.id);
    const rotated = await t.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/secret/rotate`,
      headers: admin,
    });
    const { secret, previousSecretExpiresAt } = rotated.json<{ secret: string; previousSecretExpiresAt: string }>();
    expect(secret).not.toBe(old);
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await submitIncident(t, admin, refs);
    await runner().runDue();
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const key of [old, secret])
      expect(() => new Webhook(key).verify(request.body, webhookHeaders(request.headers))).not.toThrow();
    // Once the grace period is over, only the new secret signs.
    await t.database.system((tx) =>
      tx
        .update(webhookEndpoints)
        .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(webhookEndpoints.id, endpoint.id)),
    );
    await submitIncident(t, admin, refs);
    await runner().runDue();
    const second = receiver.received[1];
    expect(String(second?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(second?.body ?? '', webhookHeaders(second?.headers ?? {}))).toThrow();
  });

  it('retries a failing endpoint with backoff, then disables it after 24 hours and emails the administrators', async () => {
    const endpoint = await addEndpoint(['incident.closed', 'incident.created']);
    receiver.answer(500);
    await submitIncident(t, admin, refs);
    await runner().runDue();
    const [delivery] = await t.database.system((tx) =>
      tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    );
    if (!delivery) throw new Error('no delivery');
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500 });
    expect(delivery.responseBody).toHaveLength(1024);
    const job = await jobOf(delivery.id);
    expect(job.inSeconds).toBeGreaterThan(3);
    expect(job.inSeconds).toBeLessThanOrEqual(5);
    await dueNow(job.id);
    await runner().runDue();
    expect((await jobOf(delivery.id)).inSeconds).toBeGreaterThan(290);
    expect(receiver.received).toHaveLength(2);
    // Both POSTs carried the same message id (receivers deduplicate on it).
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect((await deliveryLog(endpoint.id)).items[0]).toMatchObject({ status: 'pending', attempts: 2 });
    const listed = await t.inject({ method: 'GET', url: '/api/webhooks', headers: admin });
    expect(listed.json<{ items: WebhookEndpoint[] }>().items.find((e) => e.id === endpoint.id)?.status).toBe('failing');

    // A day later: the delivery's window is over and the endpoint has failed for 24 hours.
    await t.database.system(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ retryUntil: sql`now() - interval '1 minute'` })
        .where(eq(webhookDeliveries.id, delivery.id));
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '24 hours 1 minute'` })
        .where(eq(webhookEndpoints.id, endpoint.id));
    });
    await dueNow(job.id);
    const smtp = await startSmtpCapture();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '/nonexistent' });
      await runner('test', mailer).runDue();
      await runner('test', mailer).runDue();
      expect(smtp.received.map((mail) => mail.to)).toEqual([a.admin.email]);
      expect(smtp.received[0]?.subject).toBe('A webhook endpoint was disabled');
      expect(smtp.received[0]?.text).toContain(receiver.url);
    } finally {
      await smtp.close();
    }
    expect((await deliveryLog(endpoint.id)).items[0]).toMatchObject({ status: 'failed', attempts: 3 });
    const after = await t.inject({ method: 'GET', url: '/api/webhooks', headers: admin });
    expect(after.json<{ items: WebhookEndpoint[] }>().items.find((e) => e.id === endpoint.id)).toMatchObject({
      enabled: false,
      status: 'disabled',
      disabledReason: 'Disabled automatically: every delivery failed for 24 hours.',
    });
    // A disabled endpoint gets no further events.
    await submitIncident(t, admin, refs);
    expect((await deliveryLog(endpoint.id)).total).toBe(1);

    // Enabled again and the receiver fixed: Redeliver sends the same message, audited.
    receiver.answer(200);
    await t.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint.id}/enabled`,
      headers: admin,
      payload: { enabled: true },
    });
    const again = await t.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${delivery.id}/redeliver`,
      headers: admin,
    });
    expect(again.statusCode, again.body).toBe(200);
    await runner().runDue();
    expect((await deliveryLog(endpoint.id)).items[0]).toMatchObject({
      status: 'delivered',
      responseCode: 200,
      attempts: 4,
    });
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(delivery.messageId);
  });

  it('leaves no delivery pending without a job when its failure disables the endpoint', async () => {
    const endpoint = await addEndpoint(['incident.created']);
    receiver.answer(500);
    // The endpoint has failed for a day already; this delivery is young (its own 24 hours not over).
    await t.database.system((tx) =>
      tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '24 hours 1 minute'` })
        .where(eq(webhookEndpoints.id, endpoint.id)),
    );
    await submitIncident(t, admin, refs);
    await runner().runDue();
    expect(receiver.received).toHaveLength(1);
    const [listed] = (await deliveryLog(endpoint.id)).items;
    if (!listed) throw new Error('no delivery');
    expect(listed).toMatchObject({ status: 'failed', nextAttemptAt: null, responseCode: 500, attempts: 1 });
    const [job] = await t.database.system((tx) =>
      tx
        .select({ doneAt: jobs.doneAt })
        .from(jobs)
        .where(and(eq(jobs.type, 'webhookDelivery'), sql`${jobs.payload}->>'deliveryId' = ${listed.id}`)),
    );
    expect(job?.doneAt).not.toBeNull();
  });

  it('records an answer whose body holds NUL bytes (a binary answer) instead of failing the job', async () => {
    const endpoint = await addEndpoint(['incident.created']);
    receiver.answer(200, 'ok\u0000\u0001binary');
    await submitIncident(t, admin, refs);
    await runner().runDue();
    await runner().runDue();
    expect(receiver.received).toHaveLength(1);
    expect((await deliveryLog(endpoint.id)).items[0]).toMatchObject({ status: 'delivered', responseCode: 200 });
    const [stored] = await t.database.system((tx) =>
      tx
        .select({ responseBody: webhookDeliveries.responseBody })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id)),
    );
    expect(stored?.responseBody).toBe('ok\uFFFD\u0001binary');
  });

  it('publishes the verification snippet on the API docs page', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(page.body).toContain('Webhooks: verifying signatures');
    expect(page.body).toContain('webhook.verify(body, request.headers)');
  });

  it('sends a test event on the button, to that endpoint alone', async () => {
    const endpoint = await addEndpoint(['subject.banned']);
    const sent = await t.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, headers: admin });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await runner().runDue();
    const [request] = receiver.received;
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });
  });
});

describe('SSRF', () => {
  it('refuses at delivery a host resolving to loopback in production, without connecting', async () => {
    const endpoint = await addEndpoint(['incident.created'], `http://localhost:${receiver.port}/hooks`);
    await submitIncident(t, admin, refs);
    await runner('prod').runDue();
    expect(receiver.received).toEqual([]);
    expect((await deliveryLog(endpoint.id)).items[0]).toMatchObject({
      status: 'pending',
      responseCode: null,
      error: expect.stringContaining('must be on the public internet'),
    });
  });

  it('refuses at save in production: http, loopback, private, link-local and metadata addresses', async () => {
    const prod = await createTestContext({ config: { environment: 'prod' } });
    try {
      const company = await prod.createCompany({ name: 'Prod hooks' });
      const headers = await prod.signIn(company.admin);
      const save = async (url: string) => {
        const response = await prod.inject({
          method: 'POST',
          url: '/api/webhooks',
          headers,
          payload: { url, events: ['incident.created'] },
        });
        return { status: response.statusCode, message: response.json<{ message?: string }>().message };
      };
      expect(await save('http://hooks.example.com/x')).toEqual({
        status: 400,
        message: 'The endpoint URL must start with https://',
      });
      for (const url of [
        'https://localhost/x',
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
        'https://192.168.0.10/x',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/x',
        'https://100.64.0.1/x',
        // Other spellings of loopback and "this host" that URL parsing turns into addresses.
        'https://[::ffff:127.0.0.1]/x',
        'https://[::]/x',
        'https://0.0.0.0/x',
        'https://0/x',
        'https://2130706433/x',
        'https://0177.0.0.1/x',
        'https://0x7f.1/x',
      ]) {
        const answer = await save(url);
        expect(answer.status, url).toBe(400);
        expect(answer.message, url).toMatch(/public internet/);
      }
      expect((await save('https://8.8.8.8/hook')).status).toBe(200);
      // Odd input is a 400 with a message, never a 500.
      for (const url of ['https://exa mple.com/x', `https://a.example/${'x'.repeat(2100)}`, 'https://bücher.invalid/x'])
        expect((await save(url)).status, url).toBe(400);
    } finally {
      await prod.close();
    }
  });
});
