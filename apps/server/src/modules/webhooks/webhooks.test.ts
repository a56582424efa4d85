import type { IncidentFields, WebhookEndpoint } from '@blotter/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyRefs, companyRefs, personCard } from '../../../test/fixtures/incident-fixtures';
import { storeWorkingCopy, submitIncident } from '../../../test/incidents';
import { createTestContext, type TestCompany, type TestContext } from '../../../test/test-app';
import { auditEntries, incidentHistory, jobs, webhookDeliveries } from '../../db/schema/index';

let t: TestContext;
let a: TestCompany;
let b: TestCompany;
let refs: CompanyRefs;
let admin: Record<string, string>;
let staff: Record<string, string>;
let adminB: Record<string, string>;

const ALL_EVENTS = ['incident.created', 'incident.updated', 'incident.closed', 'incident.reopened', 'incident.deleted'];

async function addEndpoint(headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await t.inject({ method: 'POST', url: '/api/webhooks', headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookEndpoint>();
}

const auditTypes = (objectId: string) =>
  t.database.system(async (tx) =>
    (
      await tx
        .select({ type: auditEntries.transactionType })
        .from(auditEntries)
        .where(eq(auditEntries.objectId, objectId))
        .orderBy(auditEntries.createdAt)
    ).map((row) => row.type),
  );

const deliveriesOf = (endpointId: string) =>
  t.database.system((tx) =>
    tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(webhookDeliveries.createdAt),
  );

beforeAll(async () => {
  t = await createTestContext();
  a = await t.createCompany({ name: 'Hooks A', concurrentUserCount: 50 });
  b = await t.createCompany({ name: 'Hooks B', concurrentUserCount: 50 });
  refs = await companyRefs(t.database, a.accountId);
  admin = await t.signIn(a.admin);
  staff = await t.signIn(a.staff);
  adminB = await t.signIn(b.admin);
});
afterAll(() => t.close());

describe('webhook endpoints (ACCOUNT_ADMIN)', () => {
  it('adds, pages, edits, disables, enables and deletes an endpoint, each audited', async () => {
    const created = await addEndpoint(admin, {
      url: 'http://127.0.0.1:9/a',
      description: 'Access control',
      events: ['incident.closed', 'incident.closed'],
    });
    expect(created).toMatchObject({ events: ['incident.closed'], enabled: true, status: 'active' });
    await addEndpoint(admin, { url: 'https://hooks.example.com/b', events: ['incident.created'] });

    const page = await t.inject({ method: 'GET', url: '/api/webhooks?p=0&psz=1', headers: admin });
    expect(page.json()).toMatchObject({ total: 2, page: 0, pageSize: 1, items: [{ id: created.id }] });

    const edited = await t.inject({
      method: 'PUT',
      url: `/api/webhooks/${created.id}`,
      headers: admin,
      payload: { url: 'http://127.0.0.1:9/c', description: 'HR', events: ALL_EVENTS },
    });
    expect(edited.json()).toMatchObject({ url: 'http://127.0.0.1:9/c', description: 'HR', events: ALL_EVENTS });
    const off = await t.inject({
      method: 'PUT',
      url: `/api/webhooks/${created.id}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ enabled: false, status: 'disabled' });
    await t.inject({
      method: 'PUT',
      url: `/api/webhooks/${created.id}/enabled`,
      headers: admin,
      payload: { enabled: true },
    });
    const secret = await t.inject({ method: 'GET', url: `/api/webhooks/${created.id}/secret`, headers: admin });
    expect(secret.json<{ secret: string }>().secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const deleted = await t.inject({ method: 'DELETE', url: `/api/webhooks/${created.id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect(await auditTypes(created.id)).toEqual([
      'WEBHOOK_CREATE',
      'WEBHOOK_UPDATE',
      'WEBHOOK_DISABLE',
      'WEBHOOK_ENABLE',
      'WEBHOOK_SECRET_VIEW',
      'WEBHOOK_DELETE',
    ]);
    // The secret is in no audit entry.
    const data = await t.database.system((tx) =>
      tx.select({ data: auditEntries.objectData }).from(auditEntries).where(eq(auditEntries.objectId, created.id)),
    );
    expect(JSON.stringify(data)).not.toContain('whsec_');
  });

  it('refuses staff (403), hides another company’s endpoint (404) and answers bad input with 400', async () => {
    const own = await addEndpoint(admin, { url: 'http://127.0.0.1:9/own', events: ['incident.created'] });
    const listed = await t.inject({ method: 'GET', url: '/api/webhooks', headers: staff });
    expect(listed.statusCode).toBe(403);
    const added = await t.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: staff,
      payload: { url: 'http://127.0.0.1:9/x', events: ['incident.created'] },
    });
    expect(added.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${own.id}/secret`],
      ['GET', `/api/webhooks/${own.id}/deliveries`],
      ['POST', `/api/webhooks/${own.id}/test`],
      ['POST', `/api/webhooks/${own.id}/secret/rotate`],
      ['DELETE', `/api/webhooks/${own.id}`],
    ] as const) {
      const response = await t.inject({ method, url, headers: adminB });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const bList = await t.inject({ method: 'GET', url: '/api/webhooks', headers: adminB });
    expect(bList.json()).toMatchObject({ total: 0, items: [] });

    const bad = async (payload: Record<string, unknown>) => {
      const response = await t.inject({ method: 'POST', url: '/api/webhooks', headers: admin, payload });
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await bad({ url: 'ftp://x.example', events: ['incident.created'] })).toBe(
      'Enter the endpoint URL, starting with https://',
    );
    expect(await bad({ url: 'https://x.example', events: [] })).toBe('Choose at least one event');
    expect(await bad({ url: 'https://x.example', events: ['incident.exploded'] })).toBe('Choose at least one event');
    expect(await bad({ url: 'https://u:p@x.example', events: ['incident.created'] })).toBe(
      'The endpoint URL cannot hold a user name or password',
    );
  });
});

describe('incident events', () => {
  it('queues one delivery per subscribed endpoint in the change’s own transaction, for every change', async () => {
    const all = await addEndpoint(admin, { url: 'http://127.0.0.1:9/all', events: ALL_EVENTS });
    const closedOnly = await addEndpoint(admin, { url: 'http://127.0.0.1:9/closed', events: ['incident.closed'] });
    const off = await addEndpoint(admin, { url: 'http://127.0.0.1:9/off', events: ALL_EVENTS, enabled: false });
    // Company B's endpoint never hears of company A's incidents.
    const other = await addEndpoint(adminB, { url: 'http://127.0.0.1:9/b', events: ALL_EVENTS });

    const incident = await submitIncident(t, admin, refs);
    const copy = await storeWorkingCopy(t, admin, incident.id, (fields) => ({ ...fields, summary: '<p>Edited</p>' }));
    const edited = await t.inject({
      method: 'PUT',
      url: '/api/incidents',
      headers: admin,
      payload: { ...copy.data, id: incident.id, draftId: copy.id },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const url of [`/api/incidents/close/${incident.id}`, `/api/incidents/open/${incident.id}`]) {
      const response = await t.inject({ method: 'POST', url, headers: admin, payload: { closedBy: 'USER' } });
      expect(response.statusCode, response.body).toBe(200);
    }
    // The history rows and deliveries were written by the same transactions: the same now().
    const history = await t.database.system((tx) =>
      tx
        .select({ at: incidentHistory.createdAt })
        .from(incidentHistory)
        .where(eq(incidentHistory.incidentId, incident.id))
        .orderBy(incidentHistory.createdAt),
    );
    const removed = await t.inject({ method: 'DELETE', url: `/api/incidents/${incident.id}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(204);

    const deliveries = await deliveriesOf(all.id);
    expect(deliveries.map((d) => d.eventType)).toEqual([
      'incident.created',
      'incident.updated',
      'incident.closed',
      'incident.reopened',
      'incident.deleted',
    ]);
    expect(deliveries.slice(0, 4).map((d) => d.createdAt.toISOString())).toEqual(
      history.map((row) => row.at.toISOString()),
    );
    expect(JSON.parse(deliveries[4]?.body ?? '{}')).toMatchObject({
      type: 'incident.deleted',
      data: { id: incident.id, number: incident.number },
    });
    expect((await deliveriesOf(closedOnly.id)).map((d) => d.eventType)).toEqual(['incident.closed']);
    expect(await deliveriesOf(off.id)).toEqual([]);
    expect(await deliveriesOf(other.id)).toEqual([]);
    // Each delivery has its job, of company A.
    const queued = await t.database.system((tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.type, 'webhookDelivery'), eq(jobs.accountId, a.accountId))),
    );
    expect(queued[0]?.n).toBeGreaterThanOrEqual(6);
  });

  it('sends the summary fields with the app link, never a private person field', async () => {
    const endpoint = await addEndpoint(admin, { url: 'http://127.0.0.1:9/privacy', events: ['incident.created'] });
    const PRIVATE = {
      address: 'PRIV-ADDRESS',
      street: 'PRIV-STREET',
      postalCode: 'PRIV-POST',
      phone: '999-555-0001',
      mobilePhone: '999-555-0002',
      email: 'priv-person@example.com',
      dateOfBirth: '1971-09-17',
    };
    const incident = await submitIncident(t, admin, refs, {}, (fields: IncidentFields) => ({
      ...fields,
      summary: '<p>Two <b>cartons</b> taken &amp; not paid.</p>',
      persons: [personCard(refs, 0, { ...PRIVATE, firstName: 'Quentin', lastName: 'Privatus' })],
      companies: [],
      vehicles: [],
      items: [],
      correctiveActions: [],
    }));
    const [delivery] = await deliveriesOf(endpoint.id);
    const body = delivery?.body ?? '';
    for (const value of Object.values(PRIVATE)) expect(body).not.toContain(value);
    expect(JSON.parse(body)).toMatchObject({
      type: 'incident.created',
      data: {
        id: incident.id,
        number: incident.number,
        status: 'open',
        summary: 'Two cartons taken & not paid.',
        links: { html: `/incident/${incident.id}` },
      },
    });
    expect(JSON.parse(body).data.classPath).not.toBe('');
  });

  it('queues subject.banned when a ban is recorded, without the person’s private fields', async () => {
    const endpoint = await addEndpoint(admin, { url: 'http://127.0.0.1:9/bans', events: ['subject.banned'] });
    await submitIncident(t, admin, refs);
    const [person] = (
      (await t.database.system((tx) =>
        tx.execute(
          sql`select id from parties where account_id = ${a.accountId} and person_type = 0 and not is_owner limit 1`,
        ),
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    if (!person) throw new Error('no person');
    const ban = await t.inject({
      method: 'POST',
      url: `/api/subjects/person/${person.id}/bans`,
      headers: admin,
      payload: { banType: 'ban', reason: 'Shoplifting.', locationIds: [], startDate: '2026-01-01', endDate: null },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(JSON.parse(delivery?.body ?? '{}')).toEqual({
      type: 'subject.banned',
      timestamp: expect.any(String),
      data: {
        banId: ban.json<{ id: string }>().id,
        subjectKind: 'person',
        subjectId: person.id,
        banType: 'ban',
        startDate: '2026-01-01',
        endDate: null,
        links: { html: `/subjects/person/${person.id}` },
      },
    });
  });
});
