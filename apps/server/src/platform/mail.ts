import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmtpTimeouts } from '../config';
import { once } from './once';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A fixed Message-ID (`<id@host>`); nodemailer makes one otherwise. */
  messageId?: string;
}

/** Sends an email now; the job worker calls it, retrying on failure. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** nodemailer's own defaults wait up to 10 minutes on an idle socket: ours are shorter (config.ts). */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * SMTP through nodemailer when SMTP_URL is set, every step under a time limit (a relay that stops
 * answering fails the send, and the job is retried); otherwise each message is written as an .eml
 * file to DATA_DIR/mail, where a developer (or the dev mailbox) can read it.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dir: string;
  timeouts?: SmtpTimeouts | undefined;
}): Mailer {
  // nodemailer is loaded at the first message, not with the server (its code is several MB of memory).
  if (options.smtpUrl) {
    const { smtpUrl } = options;
    const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
    const transport = once(async () =>
      (await import('nodemailer')).default.createTransport({
        url: smtpUrl,
        connectionTimeout: timeouts.connectionMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
      }),
    );
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = once(async () =>
    (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await mkdir(options.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(options.dir, name), info.message as Buffer);
    },
  };
}

/** Keeps messages in memory (tests). */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
