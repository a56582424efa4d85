import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSms, redactSms, twilioSms } from './sms';

interface Received {
  method: string;
  url: string;
  authorization: string;
  form: URLSearchParams;
}

/** A stand-in for Twilio's REST API: answers the Messages endpoint as Twilio documents it. */
let server: ReturnType<typeof createServer>;
let baseUrl: string;
const received: Received[] = [];
let answerStatus = 201;

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await bodyOf(request));
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: String(request.headers.authorization ?? ''),
      form,
    });
    response.writeHead(answerStatus, { 'content-type': 'application/json' });
    if (answerStatus >= 400) {
      response.end(
        JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }),
      );
      return;
    }
    response.end(
      JSON.stringify({
        sid: 'SM0123456789abcdef0123456789abcdef',
        account_sid: 'AC123',
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
        status: 'queued',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Twilio through its Node SDK', () => {
  it('posts the message to the Messages endpoint of the account with basic auth', async () => {
    const sms = twilioSms({
      accountSid: 'AC123',
      authToken: 'secret-token',
      from: '+15550001111',
      apiBaseUrl: baseUrl,
    });
    await sms.send({ to: '+15551234567', text: 'Your Blotter verification code is 123456.' });
    const request = received.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+15551234567',
      From: '+15550001111',
      Body: 'Your Blotter verification code is 123456.',
    });
  });

  it('sends through a messaging service when TWILIO_FROM is one, and fails on a refusal', async () => {
    const service = twilioSms({ accountSid: 'AC123', authToken: 't', from: 'MG0001', apiBaseUrl: baseUrl });
    await service.send({ to: '+15551234567', text: 'hi' });
    expect(received.at(-1)?.form.get('MessagingServiceSid')).toBe('MG0001');
    expect(received.at(-1)?.form.get('From')).toBeNull();
    answerStatus = 400;
    try {
      await expect(service.send({ to: '+1', text: 'hi' })).rejects.toThrow(
        "The 'To' number is not a valid phone number.",
      );
    } finally {
      answerStatus = 201;
    }
  });
});

describe('the SMS folder and the outbox', () => {
  it('writes each message as a file of DATA_DIR/sms', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sms-'));
    try {
      await fileSms(path.join(dir, 'sms')).send({ to: '+15551234567', text: 'Your code is 654321.' });
      const [name] = await readdir(path.join(dir, 'sms'));
      expect(await readFile(path.join(dir, 'sms', name ?? ''), 'utf8')).toBe(
        'To: +15551234567\n\nYour code is 654321.\n',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('masks the code and all but the last four digits of the number', () => {
    expect(
      redactSms({ to: '+15551234567', text: 'Your Blotter verification code is 012345. It expires in 10 minutes.' }),
    ).toEqual({
      to: '+•••••••4567',
      text: 'Your Blotter verification code is ••••••. It expires in 10 minutes.',
    });
  });
});
