// The browser tests' server: a real SMTP server (smtp-server) on a free port, and the app
// (scripts/start.mjs) sending its mail to it through SMTP_URL. Each message the SMTP server
// accepts is kept as DATA_DIR/smtp/<time>-<n>.eml, its envelope recipients in a first
// 'X-Envelope-To:' line, for e2e/mailbox.ts to read.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const box = path.join(dataDir, 'smtp');
mkdirSync(box, { recursive: true });

/** A port nobody listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
      const name = `${Date.now()}-${String(++count).padStart(5, '0')}.eml`;
      writeFileSync(path.join(box, name), Buffer.concat([Buffer.from(`X-Envelope-To: ${to}\r\n`), ...chunks]));
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const app = spawn(process.execPath, [path.join(import.meta.dirname, 'start.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
});
const stop = (signal) => app.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
app.on('exit', (code) => smtp.close(() => process.exit(code ?? 0)));
