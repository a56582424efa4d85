import { SMTPServer } from 'smtp-server';
import { freePort } from './test-app';

/** A message as the SMTP server received it, its headers and plain text decoded. */
export interface ReceivedMail {
  to: string;
  subject: string;
  messageId: string;
  text: string;
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, ''), 'latin1');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    const hex = bytes.subarray(i + 1, i + 3).toString('latin1');
    if (byte === 0x3d && /^[0-9A-F]{2}$/i.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else out.push(byte);
  }
  return Buffer.from(out).toString('utf8');
}

/** The headers and the decoded text of a single-part text message (what createMailer sends). */
export function parseMail(raw: string, to: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    to,
    subject: header('Subject'),
    messageId: header('Message-ID'),
    text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''),
    raw,
  };
}

/**
 * A real SMTP server on 127.0.0.1 keeping every message it accepts. `refuse(n)` makes it answer
 * the next n messages with a temporary failure (451), as a relay that is down for a while.
 */
export async function startSmtpCapture() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          refused++;
          callback(Object.assign(new Error('Relay busy, try again later'), { responseCode: 451 }));
          return;
        }
        const to = session.envelope.rcptTo.map((address) => address.address).join(',');
        received.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    refuse(count: number) {
      refusals = count;
    },
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
