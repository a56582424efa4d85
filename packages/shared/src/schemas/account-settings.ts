import { z } from 'zod';
import { IDLE } from '../constants';
import { isTimeZone } from './time-zone';

export const SETTINGS_MESSAGES = {
  timeZone: 'Choose a time zone from the list.',
  companyNameRequired: 'Company name is required',
  companyNameTooLong: 'Company name cannot be greater than 100',
  phoneRequired: 'Phone is required',
  phoneTooLong: 'Phone cannot be greater than 20',
  countryCode: 'Country must be a 2-letter code',
  measurementType: 'Measurement type must be 0 (Metric) or 1 (US)',
  dateFormat: 'Date format must be 0 (DD/MM/YYYY) or 1 (MM/DD/YYYY)',
  billingEmail: 'Please enter a valid email.',
  autoLogoutTime: 'Auto logout time must be one of the offered times',
  updated: 'Company settings is successfully updated.',
  measurementWarning: 'If Measurement type is updated, please log out and log back in to apply it.',
  logoUpdated: 'Logo image is successfully updated.',
  logoType: 'The logo must be an image (JPEG, PNG, GIF, WebP or AVIF).',
  logoTooLarge: (mb: number) => `The logo must be at most ${mb} MB.`,
} as const;

/** The auto-logout choices (spec 3 §9): 600 s and 900 s, plus 20 s outside production. */
export function autoLogoutOptions(production: boolean): readonly number[] {
  return production ? IDLE.autoLogoutOptions : [IDLE.testAutoLogoutSeconds, ...IDLE.autoLogoutOptions];
}

const choice = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .refine((v) => v === 0 || v === 1, message);

/**
 * PUT /accounts/settings and the Settings card's form (spec 3 §3 Company settings, §5). The
 * auto-logout time is checked against the environment's options by the server and the form.
 */
export const companySettingsBody = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, SETTINGS_MESSAGES.companyNameRequired)
    .max(100, SETTINGS_MESSAGES.companyNameTooLong),
  phone: z.string().trim().min(1, SETTINGS_MESSAGES.phoneRequired).max(20, SETTINGS_MESSAGES.phoneTooLong),
  companyCountryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, SETTINGS_MESSAGES.countryCode)
    .default('XX'),
  measurementType: choice(SETTINGS_MESSAGES.measurementType),
  dateFormat: choice(SETTINGS_MESSAGES.dateFormat),
  billingEmail: z.union([z.literal(''), z.email(SETTINGS_MESSAGES.billingEmail).max(255)]).default(''),
  autoLogoutTime: z.number({ error: SETTINGS_MESSAGES.autoLogoutTime }).int(SETTINGS_MESSAGES.autoLogoutTime),
  mfa: z.boolean().default(false),
  /**
   * The company's IANA time zone: its calendar days (when a ban starts and ends, issue 31). Left
   * out, the stored one stays.
   */
  timeZone: z.string().max(64).refine(isTimeZone, SETTINGS_MESSAGES.timeZone).optional(),
});
export type CompanySettingsInput = z.input<typeof companySettingsBody>;
export type CompanySettingsValues = z.output<typeof companySettingsBody>;

/** PUT /accounts: the account's own fields (billing is PUT /accounts/billingInformation). */
export const accountUpdateBody = companySettingsBody.pick({
  companyName: true,
  companyCountryCode: true,
  measurementType: true,
});

/** GET /accounts (spec 3 §3 Account). */
export const accountSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  companyCountryCode: z.string(),
  accountHolderId: z.string().nullable(),
  active: z.boolean(),
  measurementType: z.number().int(),
  trial: z.boolean(),
  trialExpiryDate: z.string().nullable(),
  logoImage: z.string().nullable(),
  billingAddressLine1: z.string(),
  billingAddressLine2: z.string(),
  billingAddressCity: z.string(),
  billingAddressState: z.string(),
  billingAddressPostalCode: z.string(),
  billingAddressCountryCode: z.string(),
  billingEmail: z.string(),
  billingPhone: z.string(),
  billingContactName: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** POST /accounts/logo: the new logo's signed URL. */
export const logoUploadAnswer = z.object({ logoImage: z.string() });
