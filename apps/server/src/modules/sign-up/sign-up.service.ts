import { randomUUID } from 'node:crypto';
import {
  DATE_FORMAT,
  MEASUREMENT_TYPE,
  SIGN_UP_MESSAGES,
  type SignUp,
  type SignUpAnswer,
  STAFF_PRIVILEGES,
  TRIAL_CONCURRENT_USERS,
  TRIAL_DAYS,
  USER_STATUS,
} from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { accounts, countries, users, workgroups } from '../../db/schema/index';
import { starterLookups } from '../../db/seed/data/starter-lookups/index';
import { insertLookupSet } from '../../db/seed/lookup-set';
import type { RateCounters } from '../../platform/rate-limit-store';
import { badRequest } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { sendEmailVerification } from '../users/email-verification.service';
import { hashPassword } from '../users/user-admin.service';
import { noticeAllowed, queueSignUpNotice } from './sign-up-mail';

/** Undoes a sign-up whose email turned out to be taken: nothing of it may stay. */
class EmailTaken extends Error {}

const US_COUNTRY = 'US';

/** US units and dates for a US company, metric and day first elsewhere. */
const localUnits = (countryCode: string) =>
  countryCode === US_COUNTRY
    ? { measurementType: MEASUREMENT_TYPE.US, dateFormat: DATE_FORMAT.MDY }
    : { measurementType: MEASUREMENT_TYPE.METRIC, dateFormat: DATE_FORMAT.DMY };

/** The new company: a 30-day trial (`trialDays`) for 5 concurrent users. */
async function insertAccount(tx: Tx, accountId: string, input: SignUp, trialDays: number) {
  await tx.insert(accounts).values({
    id: accountId,
    companyName: input.companyName,
    accountType: input.businessType,
    companyCountryCode: input.companyCountryCode,
    phone: input.phone,
    ...localUnits(input.companyCountryCode),
    active: true,
    trial: true,
    trialExpiryDate: sql`now() + make_interval(secs => ${trialDays * 86_400})`,
    subscriptionType: 'trial',
    subscriptionSource: 'TRIAL',
    concurrentUserCount: TRIAL_CONCURRENT_USERS,
    billingEmail: input.email,
    billingPhone: input.phone,
    billingContactName: `${input.firstName} ${input.lastName}`,
  });
}

/** The company's Administrators (every privilege) and Staff workgroups; answers the administrators' id. */
async function insertWorkgroups(tx: Tx, accountId: string): Promise<string> {
  const groups = await tx
    .insert(workgroups)
    .values([
      { accountId, name: 'Administrators', isAdmin: true, privileges: [] },
      { accountId, name: 'Staff', isAdmin: false, privileges: [...STAFF_PRIVILEGES] },
    ])
    .returning({ id: workgroups.id, name: workgroups.name });
  const admins = groups.find((group) => group.name === 'Administrators');
  if (!admins) throw new Error('Administrators workgroup not inserted');
  return admins.id;
}

/**
 * Creates the company, its workgroups, its starting lookups, its first user (pending until the
 * emailed link verifies the address), the audit entry and the verification email, in one tenant
 * transaction. The user row comes last but one so that a taken email (the unique index spans
 * every company) costs the same work as a new one before everything is rolled back.
 */
async function createCompany(
  database: Database,
  input: SignUp,
  passwordHash: string,
  publicUrl: string,
  trialDays: number,
) {
  const accountId = randomUUID();
  await database.tenant(accountId, async (tx) => {
    const [country] = await tx
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, input.companyCountryCode));
    if (!country) throw badRequest(SIGN_UP_MESSAGES.countryRequired);
    await insertAccount(tx, accountId, input, trialDays);
    const adminGroupId = await insertWorkgroups(tx, accountId);
    await insertLookupSet(tx, accountId, starterLookups(input.businessType));
    const [user] = await tx
      .insert(users)
      .values({
        accountId,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        company: input.companyName,
        userGroupId: adminGroupId,
        status: USER_STATUS.PENDING,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw new EmailTaken();
    await tx.update(accounts).set({ accountHolderId: user.id }).where(eq(accounts.id, accountId));
    await writeAudit(
      tx,
      { accountId, userId: user.id, name: `${input.firstName} ${input.lastName}` },
      {
        objectType: 'ACCOUNT',
        transactionType: 'CREATE',
        objectName: input.companyName,
        objectId: accountId,
        objectData: { companyName: input.companyName, ...localUnits(input.companyCountryCode) },
      },
    );
    await sendEmailVerification(tx, accountId, user.id, publicUrl);
  });
}

/**
 * POST /accounts: signs a company up for the free trial. An address that already belongs to a
 * user gets the same answer after the same work (no account enumeration); its owner is told by
 * email instead, once an hour at most (the counter is shared by every server process).
 */
export async function signUp(
  database: Database,
  counters: RateCounters,
  input: SignUp,
  publicUrl: string,
  trialDays: number = TRIAL_DAYS,
): Promise<SignUpAnswer> {
  const passwordHash = await hashPassword(input.password);
  try {
    await createCompany(database, input, passwordHash, publicUrl, trialDays);
  } catch (error) {
    if (!(error instanceof EmailTaken)) throw error;
    // The notice belongs to no company (the address's company is not looked up): the owner's job.
    if (await noticeAllowed(counters, input.email)) {
      await database.system((tx) => queueSignUpNotice(tx, input.email, publicUrl));
    }
  }
  return { email: input.email, firstName: input.firstName, lastName: input.lastName, status: USER_STATUS.PENDING };
}
