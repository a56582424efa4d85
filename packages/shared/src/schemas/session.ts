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
