import { FILE_SIZE_LIMITS_MB, type InitData } from '@blotter/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema/index';
import type { FileSigner } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { loadAllLookups } from '../lookups/lookups.queries';
import { listNotifications } from '../notifications/notifications.queries';
import { listInvestigators, listUserAvatars } from '../users/users.queries';
import type { ReferenceData } from './reference-data';

/** Everything the app needs once after sign-in (spec 1 §3 'Initial data'). */
export async function loadInitData(
  tx: Tx,
  principal: Principal,
  reference: ReferenceData,
  signer: FileSigner,
): Promise<InitData> {
  // One after the other: a transaction is one connection, which runs one query at a time anyway.
  const accountRows = await tx.select().from(accounts).where(eq(accounts.id, principal.accountId)).limit(1);
  const lookups = await loadAllLookups(tx);
  const notifications = await listNotifications(tx, principal.userId);
  const investigators = await listInvestigators(tx);
  const avatars = await listUserAvatars(tx);
  const account = accountRows[0];
  if (!account) throw notFound('Company');
  return {
    countries: reference.countries,
    states: reference.states,
    notifications,
    lookupLabels: lookups.labels,
    multipleLookups: lookups.multiple,
    singleLookups: lookups.single,
    investigators,
    userAvatars: avatars.map((a) => ({
      userId: a.userId,
      avatarUrl: signer.url(a.avatarKey, principal.accountId),
    })),
    companySettings: {
      companyName: account.companyName,
      phone: account.phone,
      companyCountryCode: account.companyCountryCode,
      measurementType: account.measurementType,
      dateFormat: account.dateFormat,
      billingEmail: account.billingEmail,
      autoLogoutTime: account.autoLogoutTime,
      logoImage: account.logoImage ? signer.url(account.logoImage, principal.accountId) : null,
      mfa: account.mfa,
    },
    fileSizeLimit: {
      maxUploadFileSize: Math.min(account.maxUploadFileSize, FILE_SIZE_LIMITS_MB.maxUploadFileSize),
      maxAvatarFileSize: account.maxAvatarFileSize,
      maxLogoFileSize: account.maxLogoFileSize,
    },
    accountActive: account.active,
  };
}
