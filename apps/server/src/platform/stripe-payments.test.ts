import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDeclinedError } from './payments';
import { stripePayments } from './stripe-payments';

/**
 * The Stripe adapter through the official SDK against a local server answering the few endpoints
 * it uses, with Stripe's idempotency: a repeated key answers the first response.
 */

interface Seen {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const seen: Seen[] = [];
const idempotent = new Map<string, { status: number; body: unknown }>();
let intents = 0;
let server: Server;
let port: number;

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

const card = (last4: string) => ({ id: `pm_${last4}`, object: 'payment_method', card: { last4, brand: 'visa' } });
const declined = {
  error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', param: '' },
};

function answer(path: string, body: URLSearchParams): { status: number; body: unknown } {
  if (path === '/v1/payment_methods') {
    const token = body.get('card[token]');
    if (token === 'tok_chargeDeclined') return { status: 402, body: declined };
    return { status: 200, body: card(token === 'tok_mastercard' ? '4444' : '4242') };
  }
  if (path.startsWith('/v1/payment_methods/') && path.endsWith('/attach')) {
    return { status: 200, body: card(path.includes('4444') ? '4444' : '4242') };
  }
  if (path === '/v1/customers') return { status: 200, body: { id: 'cus_1', object: 'customer' } };
  if (path.startsWith('/v1/customers/')) return { status: 200, body: { id: path.split('/')[3], object: 'customer' } };
  if (path === '/v1/payment_intents') {
    if (body.get('payment_method') === 'pm_fail') return { status: 402, body: declined };
    intents += 1;
    return { status: 200, body: { id: `pi_${intents}`, object: 'payment_intent', status: 'succeeded' } };
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', message: `No such path ${path}` } } };
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = new URLSearchParams(await read(request));
    const path = request.url ?? '';
    const key = request.headers['idempotency-key'] as string | undefined;
    seen.push({
      method: request.method ?? '',
      path,
      body,
      idempotencyKey: key,
      authorization: request.headers.authorization,
    });
    const result = (key && idempotent.get(key)) || answer(path, body);
    if (key) idempotent.set(key, result);
    response.writeHead(result.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const gateway = () =>
  stripePayments({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    api: { host: '127.0.0.1', port, protocol: 'http' },
  });

describe('the Stripe adapter', () => {
  it('makes a customer, a payment method from the token, attaches it as the default', async () => {
    seen.length = 0;
    const saved = await gateway().saveCard({
      customerId: null,
      token: 'tok_visa',
      email: 'b@example.com',
      accountId: 'acc-1',
    });
    expect(saved).toEqual({ customerId: 'cus_1', paymentMethodId: 'pm_4242', last4: '4242', brand: 'visa' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /v1/payment_methods',
      'POST /v1/customers',
      'POST /v1/payment_methods/pm_4242/attach',
      'POST /v1/customers/cus_1',
    ]);
    expect(seen[0]?.body.get('card[token]')).toBe('tok_visa');
    expect(seen[1]?.body.get('metadata[accountId]')).toBe('acc-1');
    expect(seen[2]?.body.get('customer')).toBe('cus_1');
    expect(seen[3]?.body.get('invoice_settings[default_payment_method]')).toBe('pm_4242');
    expect(seen[0]?.authorization).toBe('Bearer sk_test_local');
  });

  it('reuses the company customer and turns a decline into its message', async () => {
    seen.length = 0;
    const saved = await gateway().saveCard({
      customerId: 'cus_9',
      token: 'tok_mastercard',
      email: 'b@example.com',
      accountId: 'a',
    });
    expect(saved.customerId).toBe('cus_9');
    expect(seen.some((s) => s.path === '/v1/customers')).toBe(false);
    const refused = gateway().saveCard({
      customerId: null,
      token: 'tok_chargeDeclined',
      email: 'b@example.com',
      accountId: 'a',
    });
    await expect(refused).rejects.toThrow(PaymentDeclinedError);
    await expect(refused).rejects.toThrow('Your card was declined.');
  });

  it('confirms a PaymentIntent off-session with our idempotency key, and a repeat charges once', async () => {
    seen.length = 0;
    const request = {
      customerId: 'cus_1',
      paymentMethodId: 'pm_4242',
      amountCents: 99_000,
      idempotencyKey: 'renewal:acc-1:2025-01-01T00:00:00.000Z:1',
      description: 'Blotter subscription',
      metadata: { accountId: 'acc-1' },
    };
    const first = await gateway().charge(request);
    const again = await gateway().charge(request);
    expect(again).toEqual(first);
    expect(intents).toBe(1);
    const sent = seen.filter((s) => s.path === '/v1/payment_intents');
    expect(sent.map((s) => s.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect(Object.fromEntries(sent[0]?.body ?? [])).toMatchObject({
      amount: '99000',
      currency: 'usd',
      customer: 'cus_1',
      payment_method: 'pm_4242',
      off_session: 'true',
      confirm: 'true',
    });
    await expect(gateway().charge({ ...request, paymentMethodId: 'pm_fail', idempotencyKey: 'k2' })).rejects.toThrow(
      'Your card was declined.',
    );
  });
});
