import { z } from 'zod';
import { countrySchema, stateSchema } from './geo';
import { lookupLabelsSchema, lookupNodeSchema, singleLookupSchema } from './lookups';
import { notificationSchema } from './notifications';
import { investigatorSchema } from './session';

export const companySettingsSchema = z.object({
  companyName: z.string(),
  phone: z.string(),
  companyCountryCode: z.string(),
  measurementType: z.number().int(),
  dateFormat: z.number().int(),
  billingEmail: z.string(),
  autoLogoutTime: z.number().int(),
  logoImage: z.string().nullable(),
  mfa: z.boolean(),
  /** The company's IANA time zone (issue 31); 'UTC' until chosen. */
  timeZone: z.string().optional(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const fileSizeLimitSchema = z.object({
  maxUploadFileSize: z.number(),
  maxAvatarFileSize: z.number(),
  maxLogoFileSize: z.number(),
});
export type FileSizeLimit = z.infer<typeof fileSizeLimitSchema>;

/** GET /api/commons/initData: every field of spec 1 §3 'Initial data'. */
export const initDataSchema = z.object({
  countries: z.array(countrySchema),
  states: z.array(stateSchema),
  notifications: z.array(notificationSchema),
  lookupLabels: lookupLabelsSchema,
  multipleLookups: z.record(z.string(), z.array(lookupNodeSchema)),
  singleLookups: z.record(z.string(), z.array(singleLookupSchema)),
  investigators: z.array(investigatorSchema),
  userAvatars: z.array(z.object({ userId: z.string(), avatarUrl: z.string() })),
  companySettings: companySettingsSchema,
  fileSizeLimit: fileSizeLimitSchema,
  /** False when the company account is disabled: no new incidents (spec 1 §6). */
  accountActive: z.boolean(),
  /** The company is the demo company (its administrators may restore the demo site, spec 3 §2). */
  demoCompany: z.boolean(),
  /**
   * The version of the lookups and settings above (issue 30): a hash of what they hold, so a phone
   * that cached them for offline use can tell its copy is stale. The same content answers the same
   * version; notifications and the signed URLs' expiry do not count.
   */
  version: z.string(),
});
export type InitData = z.infer<typeof initDataSchema>;
