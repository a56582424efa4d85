import { SMTPServer } from 'smtp-server';
import { freePort } from './test-app';

/**
 * A real SMTP relay on 127.0.0.1 that accepts the connection, the envelope and the message, and
 * then does not answer the end of DATA for `hangMs` (a relay stuck on its side); `hang(false)`
 * makes it answer at once from then on (the relay recovered). `started` counts the messages whose
 * DATA it received, `received` the recipients it accepted.
 */
export async function startHangingSmtp(hangMs = 30_000) {
  const received: string[] = [];
  const waiting = new Set<() => void>();
  let hanging = true;
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      started++;
      stream.on('data', () => {});
      stream.on('end', () => {
        const accept = () => {
          received.push(session.envelope.rcptTo.map((address) => address.address).join(','));
          callback();
        };
        if (!hanging) return accept();
        const answer = () => {
          clearTimeout(timer);
          waiting.delete(answer);
          accept();
        };
        const timer = setTimeout(answer, hangMs);
        waiting.add(answer);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    started: () => started,
    hang(on: boolean) {
      hanging = on;
    },
    /** Answers the messages still waiting, then stops listening. */
    close: () => {
      for (const answer of [...waiting]) answer();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
