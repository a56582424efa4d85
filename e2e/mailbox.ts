import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** An email the test SMTP server received (scripts/e2e-server.mjs). */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

const box = () => path.join(process.env.E2E_DATA_DIR ?? '', 'smtp');

/** Every email received so far, oldest first. */
export async function allMails(): Promise<Mail[]> {
  const names = (await readdir(box()).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(path.join(box(), name), 'utf8');
      const envelope = /^X-Envelope-To: (.*)\r?\n/.exec(raw)?.[1] ?? '';
      const parsed = await simpleParser(raw);
      return {
        to: envelope
          .split(',')
          .map((a) => a.trim().toLowerCase())
          .filter(Boolean),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        raw,
      };
    }),
  );
}

/** The emails received for `recipient` so far, oldest first. */
export async function mailsTo(recipient: string): Promise<Mail[]> {
  const address = recipient.toLowerCase();
  return (await allMails()).filter((mail) => mail.to.includes(address));
}

/** Waits for the `count`-th email to `recipient` whose subject matches (if given) and answers it. */
export async function waitForMail(recipient: string, subject?: RegExp, count = 1): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(recipient)).filter((m) => !subject || subject.test(m.subject));
        found = mails[count - 1];
        return mails.length;
      },
      { timeout: 30_000, message: `email ${count} to ${recipient}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found as Mail;
}

/** The first link in the email's text whose URL contains `part`. */
export function mailLink(mail: Mail, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no link with ${part} in "${mail.subject}"`);
  return link;
}
