import { z } from 'zod';

/** GET /api/users/verifyEmail?token=…: the link sent by email. */
export const verifyEmailQuery = z.object({
  token: z
    .string({ error: 'The verification link is incomplete.' })
    .min(20, 'The verification link is incomplete.')
    .max(200),
});

export const EMAIL_VERIFICATION_SENT = 'Email verification is sent to your email account.';
