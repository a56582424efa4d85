import { and, eq, isNull, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, freePort, type TestContext } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/index';
import { createJobRunner } from '../../job-registry';
import { createMailer, type Mailer } from '../mail';
import { enqueueJob } from './enqueue';

/** A real SMTP server on 127.0.0.1 recording the recipient of every message it accepts. */
async function startSmtpServer(options: { refuseOnce?: string } = {}) {
  const received: string[] = [];
  let refuse = options.refuseOnce;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address).join(',');
        if (to === refuse) {
          refuse = undefined;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        received.push(to);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A worker process that can be killed: once `kill()` has been called, the transaction in progress
 * rolls back when it ends (the process died before its commit), no further transaction starts and
 * no further email leaves it.
 */
function killableWorker(database: Database, mailer: Mailer) {
  let killed = false;
  const dead = () => new Error('worker killed');
  const killable: Database = {
    ...database,
    system: (fn) => {
      if (killed) return Promise.reject(dead());
      return database.system(async (tx) => {
        const result = await fn(tx);
        if (killed) throw dead();
        return result;
      });
    },
  };
  return {
    database: killable,
    mailer: {
      async send(message) {
        if (killed) throw dead();
        await mailer.send(message);
      },
    } satisfies Mailer,
    kill() {
      killed = true;
    },
  };
}

let t: TestContext;
let accountId: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const ignore = () => {};

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Each test queues its emails for a company of its own, and its runners process only those.
  accountId = (await t.createCompany()).accountId;
});
afterEach(async () => {
  await smtp.close();
});

const smtpMailer = () => createMailer({ smtpUrl: smtp.url, from: 'blotter@test.example', dir: '/nonexistent' });

async function queueEmails(recipients: string[]) {
  await t.database.system(async (tx) => {
    for (const to of recipients) {
      await enqueueJob(tx, accountId, 'mail', { to, subject: `For ${to}`, text: 'Hello' });
    }
  });
}

const pendingJobs = () =>
  t.database.system((tx) =>
    tx
      .select({
        to: sql<string>`${jobs.payload}->>'to'`,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        waits: sql<boolean>`${jobs.runAt} > now()`,
      })
      .from(jobs)
      .where(and(eq(jobs.accountId, accountId), isNull(jobs.doneAt), isNull(jobs.failedAt))),
  );

/**
 * The lease of a job a dead worker had claimed runs out (JOB_LEASE_SECONDS later): any worker may
 * take it again. Makes every unfinished job of this company due now.
 */
const leasesRunOut = () =>
  t.database.system((tx) =>
    tx
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.accountId, accountId), isNull(jobs.doneAt), isNull(jobs.failedAt))),
  );

/** Runs a fresh worker (the restarted process, once the dead one's leases ran out) until this company's queue is empty. */
async function drainQueue() {
  await leasesRunOut();
  const runner = createJobRunner(t.database, smtpMailer(), ignore, { accountId });
  for (let round = 0; round < 10 && (await pendingJobs()).length > 0; round++) await runner.runDue();
  expect(await pendingJobs()).toEqual([]);
}

const tenRecipients = () => Array.from({ length: 10 }, (_, i) => `reader-${i + 1}-${accountId}@test.example`);
const countOf = (list: string[]) =>
  list.reduce((counts, to) => counts.set(to, (counts.get(to) ?? 0) + 1), new Map<string, number>());

describe('the job worker sending through a real SMTP server', () => {
  it('sends every email exactly once when the worker is killed after the 4th send', async () => {
    smtp = await startSmtpServer();
    const recipients = tenRecipients();
    await queueEmails(recipients);

    // The process dies as it is about to send the 5th email: the 4 sent before are recorded.
    let sends = 0;
    const real = smtpMailer();
    const worker = killableWorker(t.database, {
      async send(message) {
        if (sends === 4) {
          worker.kill();
          throw new Error('worker killed');
        }
        await real.send(message);
        sends++;
      },
    });
    await expect(createJobRunner(worker.database, worker.mailer, ignore, { accountId }).runDue()).rejects.toThrow(
      'worker killed',
    );
    expect(smtp.received).toHaveLength(4);

    // A new worker (the restarted process) sends the rest.
    await drainQueue();
    expect(smtp.received).toHaveLength(10);
    expect([...countOf(smtp.received).entries()].sort()).toEqual(recipients.map((to) => [to, 1]).sort());
  });

  it('repeats at most the one email whose send was not yet recorded when the worker died', async () => {
    smtp = await startSmtpServer();
    const recipients = tenRecipients();
    await queueEmails(recipients);

    // The process dies right after the SMTP server accepted the 4th email, before its commit.
    let sends = 0;
    const real = smtpMailer();
    const worker = killableWorker(t.database, {
      async send(message) {
        await real.send(message);
        if (++sends === 4) worker.kill();
      },
    });
    await expect(createJobRunner(worker.database, worker.mailer, ignore, { accountId }).runDue()).rejects.toThrow(
      'worker killed',
    );
    expect(smtp.received).toHaveLength(4);

    await drainQueue();
    const counts = countOf(smtp.received);
    expect([...counts.keys()].sort()).toEqual([...recipients].sort());
    expect([...counts.values()].filter((count) => count > 1)).toEqual([2]);
    expect(smtp.received).toHaveLength(11);
  });

  it('retries an email the SMTP server refused with a temporary failure, once due, and delivers it once', async () => {
    const [first, refused, last] = ['first', 'refused', 'last'].map((name) => `${name}-${accountId}@test.example`);
    if (!first || !refused || !last) throw new Error('no recipients');
    smtp = await startSmtpServer({ refuseOnce: refused });
    await queueEmails([first, refused, last]);
    const errors: string[] = [];
    const runner = createJobRunner(t.database, smtpMailer(), (_error, message) => errors.push(message), {
      accountId,
    });

    expect(await runner.runDue()).toBe(2);
    expect(smtp.received.sort()).toEqual([first, last].sort());
    expect(errors).toEqual([expect.stringMatching(/^job mail .* failed \(attempt 1\)$/)]);
    const [waiting] = await pendingJobs();
    expect(waiting).toMatchObject({ to: refused, attempts: 1, waits: true });
    expect(waiting?.lastError).toContain('451');

    // Not due yet: nothing is sent.
    expect(await runner.runDue()).toBe(0);
    expect(smtp.received).toHaveLength(2);

    // Once due, it is delivered, once.
    await t.database.system((tx) =>
      tx
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(and(eq(jobs.accountId, accountId), isNull(jobs.doneAt))),
    );
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(smtp.received.sort()).toEqual([first, refused, last].sort());
    expect(await pendingJobs()).toEqual([]);
    const [done] = await t.database.system((tx) =>
      tx.select({ attempts: jobs.attempts }).from(jobs).where(sql`${jobs.payload}->>'to' = ${refused}`),
    );
    expect(done?.attempts).toBe(2);
  });

  it('lets a stopped worker finish the email it is sending and start no other', async () => {
    smtp = await startSmtpServer();
    const recipients = tenRecipients();
    await queueEmails(recipients);
    const real = smtpMailer();
    let stopping: Promise<void> | undefined;
    let sends = 0;
    const runner = createJobRunner(
      t.database,
      {
        async send(message) {
          await real.send(message);
          // Stopped once the 4th email is sent, before the worker has recorded it.
          if (++sends === 4) stopping = runner.stop();
        },
      },
      ignore,
      { accountId },
    );
    runner.start(10);
    await expect.poll(() => sends, { timeout: 10_000 }).toBe(4);
    await stopping;
    expect(smtp.received).toHaveLength(4);
    expect(await pendingJobs()).toHaveLength(6);

    await drainQueue();
    expect([...countOf(smtp.received).entries()].sort()).toEqual(recipients.map((to) => [to, 1]).sort());
  });
});
