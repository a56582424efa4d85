import { z } from 'zod';
import { PRIVILEGES, type Privilege } from '../privileges';
import { id, isoDateTime, pageOf } from './common';

/**
 * API tokens (issue 32 §2, Administration → API access): the contract between the server
 * (modules/api-tokens) and the card (features/api-tokens). A token is a secret an integration
 * sends as `Authorization: Bearer blt_live_…`; it acts as its creator with a subset of the
 * creator's privileges, and is shown once.
 */

/** Every token starts with this, so secret scanners (GitHub's and others) recognise a leaked one. */
export const API_TOKEN_PREFIX = 'blt_live_';

/**
 * The whole token: the prefix, 43 base62 characters of a 32-byte random value and 6 base62
 * characters of the CRC32 of those 43 (a scanner verifies the checksum offline, as GitHub's do).
 */
export const API_TOKEN_PATTERN = /^blt_live_[0-9A-Za-z]{43}[0-9A-Za-z]{6}$/;

/** The privileges a token can never hold, whoever creates it. */
export const API_TOKEN_FORBIDDEN_PRIVILEGES: readonly Privilege[] = ['SYSTEM_ADMIN'];

export const API_TOKEN_NAME_MAX = 100;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

const privilegeCode = z.enum(PRIVILEGES, { error: 'Choose privileges from the list' });

export const apiTokenInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
  privileges: z
    .array(privilegeCode)
    .min(1, 'Choose at least one privilege')
    .max(PRIVILEGES.length)
    .refine(
      (codes) => !codes.some((code) => API_TOKEN_FORBIDDEN_PRIVILEGES.includes(code)),
      'SYSTEM_ADMIN cannot be given to an API token',
    )
    .transform((codes) => PRIVILEGES.filter((code) => codes.includes(code))),
  /** When the token stops working; null or absent: never. Must be in the future. */
  expiresAt: isoDateTime
    .nullish()
    .transform((value) => value ?? null)
    .refine((value) => value === null || Date.parse(value) > Date.now(), 'The expiry date must be in the future'),
});
export type ApiTokenInput = z.input<typeof apiTokenInput>;

/** A token as the card lists it: never its secret, only a hint of its first characters. */
export const apiTokenSchema = z.object({
  id: id(),
  name: z.string(),
  /** The prefix and the first 4 characters of the random part, e.g. blt_live_Ab3x. */
  hint: z.string(),
  privileges: z.array(privilegeCode),
  createdByName: z.string(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenPage = pageOf(apiTokenSchema);
export type ApiTokenPage = z.infer<typeof apiTokenPage>;

/** The answer of a create: the token and, this once, its secret. */
export const apiTokenCreated = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;

const EXPIRY_DAY_MESSAGE = 'Expiry date is not a valid date';

/**
 * The card's form: the expiry as a day ('yyyy-MM-dd', '' for never), which stops the token at the
 * end of that day in the browser's time zone (apiTokenInputOf).
 */
export const apiTokenForm = z.object({
  name: apiTokenInput.shape.name,
  privileges: z.array(privilegeCode).min(1, 'Choose at least one privilege'),
  expiresOn: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, EXPIRY_DAY_MESSAGE)]),
});
export type ApiTokenFormValues = z.infer<typeof apiTokenForm>;

/** The create call's body of the form's values: an expiry day ends at midnight after it, local time. */
export function apiTokenInputOf(values: ApiTokenFormValues): ApiTokenInput {
  if (!values.expiresOn) return { name: values.name, privileges: values.privileges, expiresAt: null };
  const [year = 0, month = 1, day = 1] = values.expiresOn.split('-').map(Number);
  return {
    name: values.name,
    privileges: values.privileges,
    expiresAt: new Date(year, month - 1, day + 1).toISOString(),
  };
}
