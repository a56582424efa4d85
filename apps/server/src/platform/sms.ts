import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Twilio from 'twilio';
import { once } from './once';

export interface SmsMessage {
  /** E.164: + and digits. */
  to: string;
  text: string;
}

/** Sends a text message now; the job worker calls it, retrying on failure. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or messaging service id (MG…). */
  from: string;
  /**
   * Another address for Twilio's REST API (tests point it at a local server): the SDK's own
   * request client is used, with only the origin of each request changed.
   */
  apiBaseUrl?: string;
  /** Each request to Twilio (HTTP_TIMEOUT_MS; 30 s by default). */
  timeoutMs?: number;
}

/** Texts through Twilio's official SDK, each request under a time limit. */
export function twilioSms(options: TwilioOptions): SmsSender {
  const timeout = options.timeoutMs ?? 30_000;
  // The SDK is loaded at the first message, not with the server (its code is several MB of memory).
  const client = once(async () => {
    const { default: twilio } = await import('twilio');
    const httpClient = options.apiBaseUrl ? redirectedClient(twilio, options.apiBaseUrl, timeout) : undefined;
    return twilio(options.accountSid, options.authToken, httpClient ? { httpClient } : { timeout });
  });
  const sender = options.from.startsWith('MG') ? { messagingServiceSid: options.from } : { from: options.from };
  return {
    async send(message) {
      await (await client()).messages.create({ to: message.to, body: message.text, ...sender });
    },
  };
}

function redirectedClient(twilio: typeof Twilio, baseUrl: string, timeout: number) {
  const base = new URL(baseUrl);
  class RedirectedClient extends twilio.RequestClient {
    override request<TData>(opts: Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0]) {
      const uri = new URL(opts.uri);
      uri.protocol = base.protocol;
      uri.host = base.host;
      return super.request<TData>({ ...opts, uri: uri.href } as never);
    }
  }
  return new RedirectedClient({ timeout });
}

/** Writes each message as a text file to a folder (DATA_DIR/sms), where a developer or the demo reads it. */
export function fileSms(dir: string): SmsSender {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
      await writeFile(path.join(dir, name), `To: ${message.to}\n\n${message.text}\n`);
    },
  };
}

/** Twilio when configured; otherwise DATA_DIR/sms. */
export function createSmsSender(options: {
  twilio: TwilioOptions | undefined;
  dir: string;
  /** Each request to Twilio (HTTP_TIMEOUT_MS). */
  timeoutMs?: number;
}): SmsSender {
  return options.twilio
    ? twilioSms({ ...options.twilio, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) })
    : fileSms(options.dir);
}

/** Keeps messages in memory (tests). */
export function memorySms(): SmsSender & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/**
 * What stays in the outbox once a message was sent (or given up): codes and the number's digits
 * but the last four are masked, so the jobs table holds no usable code nor the whole number.
 */
export function redactSms(message: SmsMessage): SmsMessage {
  return {
    to: message.to.replace(/\d(?=\d{4})/g, '•'),
    text: message.text.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length)),
  };
}
