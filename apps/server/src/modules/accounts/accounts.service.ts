import {
  type Account,
  autoLogoutOptions,
  type CompanySettings,
  type CompanySettingsValues,
  SETTINGS_MESSAGES,
} from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import type { FileSigner } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { companyLogoKey } from '../reports/account-logo';

/** The environments where the 20-second auto-logout is offered (spec 3 §9). */
const TEST_ENVIRONMENTS: readonly string[] = ['local', 'dev', 'test'];
export const isProductionLike = (environment: string) => !TEST_ENVIRONMENTS.includes(environment);

async function accountRow(tx: Tx, accountId: string) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw notFound('Company');
  return row;
}

type AccountRow = Awaited<ReturnType<typeof accountRow>>;

/** A logo key outside the company's folder is never signed (companyLogoKey). */
const logoUrl = (row: AccountRow, signer: FileSigner) => {
  const key = companyLogoKey(row.id, row.logoImage);
  return key ? signer.url(key, row.id) : null;
};

export async function getAccount(tx: Tx, accountId: string, signer: FileSigner): Promise<Account> {
  const row = await accountRow(tx, accountId);
  return {
    id: row.id,
    companyName: row.companyName,
    companyCountryCode: row.companyCountryCode,
    accountHolderId: row.accountHolderId,
    active: row.active,
    measurementType: row.measurementType,
    trial: row.trial,
    trialExpiryDate: row.trialExpiryDate?.toISOString() ?? null,
    logoImage: logoUrl(row, signer),
    billingAddressLine1: row.billingAddressLine1,
    billingAddressLine2: row.billingAddressLine2,
    billingAddressCity: row.billingAddressCity,
    billingAddressState: row.billingAddressState,
    billingAddressPostalCode: row.billingAddressPostalCode,
    billingAddressCountryCode: row.billingAddressCountryCode,
    billingEmail: row.billingEmail,
    billingPhone: row.billingPhone,
    billingContactName: row.billingContactName,
  };
}

const settingsOf = (row: AccountRow, signer: FileSigner): CompanySettings => ({
  companyName: row.companyName,
  phone: row.phone,
  companyCountryCode: row.companyCountryCode,
  measurementType: row.measurementType,
  dateFormat: row.dateFormat,
  billingEmail: row.billingEmail,
  autoLogoutTime: row.autoLogoutTime,
  logoImage: logoUrl(row, signer),
  mfa: row.mfa,
  timeZone: row.timeZone,
});

export async function getSettings(tx: Tx, accountId: string, signer: FileSigner): Promise<CompanySettings> {
  return settingsOf(await accountRow(tx, accountId), signer);
}

/** The ACCOUNT audit entry of a change (common shape: name, measurement type, date format). */
export async function auditAccount(tx: Tx, principal: Principal, row: AccountRow) {
  await writeAudit(tx, principal, {
    objectType: 'ACCOUNT',
    transactionType: 'UPDATE',
    objectName: row.companyName,
    objectId: row.id,
    objectData: { companyName: row.companyName, measurementType: row.measurementType, dateFormat: row.dateFormat },
  });
}

type AccountChanges = Partial<Omit<typeof accounts.$inferInsert, 'id'>>;

/** Changes the signed-in user's company and writes its audit entry in the same transaction. */
export async function changeAccount(tx: Tx, principal: Principal, changes: AccountChanges): Promise<AccountRow> {
  const [row] = await tx
    .update(accounts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(accounts.id, principal.accountId))
    .returning();
  if (!row) throw notFound('Company');
  await auditAccount(tx, principal, row);
  return row;
}

/**
 * PUT /accounts/settings. The next initData and every later request read the new values; the
 * measurement type of the session claims changes at the next sign-in (the card says so).
 */
export async function updateSettings(
  tx: Tx,
  principal: Principal,
  input: CompanySettingsValues,
  context: { environment: string; signer: FileSigner },
): Promise<CompanySettings> {
  if (!autoLogoutOptions(isProductionLike(context.environment)).includes(input.autoLogoutTime)) {
    throw badRequest(SETTINGS_MESSAGES.autoLogoutTime);
  }
  return settingsOf(await changeAccount(tx, principal, input), context.signer);
}
