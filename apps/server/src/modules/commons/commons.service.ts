import { createHash } from 'node:crypto';
import { FILE_SIZE_LIMITS_MB, type InitData, type Investigator, type Notification } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { accounts } from '../../db/schema/index';
import type { FileSigner } from '../../platform/storage';
import type { Principal } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { assembleLookups, type LookupsData, lookupsJson } from '../lookups/lookups.queries';
import { notificationsJson } from '../notifications/notifications.queries';
import { avatarsJson, investigatorsJson } from '../users/users.queries';
import type { ReferenceData } from './reference-data';

/** The account's settings as the query answers them. */
interface AccountJson {
  companyName: string;
  phone: string;
  companyCountryCode: string;
  measurementType: number;
  dateFormat: number;
  billingEmail: string;
  autoLogoutTime: number;
  logoImage: string | null;
  mfa: boolean;
  timeZone: string;
  maxUploadFileSize: number;
  maxAvatarFileSize: number;
  maxLogoFileSize: number;
  active: boolean;
  isDemo: boolean;
}

interface InitDataRows {
  account: AccountJson | null;
  lookups: LookupsData;
  notifications: Notification[];
  investigators: Investigator[];
  avatars: { userId: string; avatarKey: string }[];
}

/**
 * The version of initData's lookups and settings (issue 30): a SHA-256 of what the answer holds
 * besides the notifications, taken from the rows as read (storage keys, not their signed URLs,
 * whose expiry changes on every call) and the reference data's digest. Chosen over a counter bumped
 * by every change: it is right by construction (no write path of lookups, settings, users or
 * avatars can forget to bump it), costs one hash of a few kilobytes per call, and needs no column.
 * The rows are read in a total order, so the same content always hashes alike.
 */
function initDataVersion(reference: ReferenceData, rows: Omit<InitDataRows, 'notifications'>): string {
  return createHash('sha256').update(reference.digest).update(JSON.stringify(rows)).digest('base64url');
}

/** Everything the app needs once after sign-in (spec 1 §3 'Initial data'). */
export async function loadInitData(
  tx: Tx,
  principal: Principal,
  reference: ReferenceData,
  signer: FileSigner,
): Promise<InitData> {
  // One statement: on PGlite each query costs a round trip and its planning, more than the rows.
  const data = await jsonValue<InitDataRows | null>(
    tx,
    sql`select json_build_object(
        'account', (select json_build_object(
            'companyName', company_name, 'phone', phone, 'companyCountryCode', company_country_code,
            'measurementType', measurement_type, 'dateFormat', date_format, 'billingEmail', billing_email,
            'autoLogoutTime', auto_logout_time, 'logoImage', logo_image, 'mfa', mfa, 'timeZone', time_zone,
            'maxUploadFileSize', max_upload_file_size, 'maxAvatarFileSize', max_avatar_file_size,
            'maxLogoFileSize', max_logo_file_size, 'active', active, 'isDemo', is_demo)
          from ${accounts} where id = ${principal.accountId}),
        'lookups', ${lookupsJson},
        'notifications', ${notificationsJson(principal.userId)},
        'investigators', ${investigatorsJson},
        'avatars', ${avatarsJson}) as value`,
  );
  const account = data?.account;
  if (!data || !account) throw notFound('Company');
  const lookups = assembleLookups(data.lookups);
  const { notifications, investigators, avatars } = data;
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
      timeZone: account.timeZone,
    },
    fileSizeLimit: {
      maxUploadFileSize: Math.min(account.maxUploadFileSize, FILE_SIZE_LIMITS_MB.maxUploadFileSize),
      maxAvatarFileSize: account.maxAvatarFileSize,
      maxLogoFileSize: account.maxLogoFileSize,
    },
    accountActive: account.active,
    demoCompany: account.isDemo,
    version: initDataVersion(reference, { account, lookups: data.lookups, investigators, avatars }),
  };
}
