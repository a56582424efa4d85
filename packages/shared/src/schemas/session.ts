import { z } from 'zod';

/** Session claims answered by POST /api/users/sessions (spec 1 §3). */
export const sessionClaims = z.object({
  admin: z.boolean(),
  systemAdmin: z.boolean(),
  privileges: z.array(z.string()),
  status: z.number().int(),
  trial: z.boolean(),
  measurementType: z.number().int(),
  accountId: z.string(),
  userId: z.string(),
  name: z.string(),
});
export type SessionClaims = z.infer<typeof sessionClaims>;

export const investigatorSchema = z.object({ id: z.string(), name: z.string() });
export type Investigator = z.infer<typeof investigatorSchema>;

/**
 * GET /api/users/offlineKey (issue 30): the key that encrypts the phone's outbox and offline cache
 * of this user in this company, 32 bytes as base64url. The phone keeps it as a non-extractable
 * AES-GCM key; another user signed in on the same phone gets another key and cannot read it.
 */
export const offlineKeySchema = z.object({ key: z.string() });
export type OfflineKey = z.infer<typeof offlineKeySchema>;
