import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import type { Mailer } from '../mail';
import { enqueueJob } from './enqueue';
import { claimJob } from './job-table';
import type { JobDefinitions } from './job-types';
import { createRunner } from './runner';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const noMail: Mailer = {
  async send() {
    throw new Error('no mail in this test');
  },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a job running longer than its lease keeps it: no second worker claims it meanwhile', async () => {
  const { accountId } = await t.createCompany();
  await t.database.system((tx) => enqueueJob(tx, accountId, 'mail', { to: 'x@test.example', subject: 's', text: 't' }));
  let runs = 0;
  const secondClaims: unknown[] = [];
  const definitions: JobDefinitions = {
    mail: {
      async run() {
        runs++;
        // Three lease periods long (a long import): another worker keeps trying to claim meanwhile.
        for (let i = 0; i < 6; i++) {
          await sleep(500);
          const claimed = await claimJob(t.database, { accountId }, 1);
          if (claimed) secondClaims.push(claimed);
        }
      },
    },
  };
  const runner = createRunner(definitions, { database: t.database, mailer: noMail }, () => {}, {
    accountId,
    leaseSeconds: 1,
  });
  expect(await runner.runDue(1)).toBe(1);
  expect(runs).toBe(1);
  expect(secondClaims).toEqual([]);
});
