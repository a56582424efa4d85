import { z } from 'zod';

import { IDEMPOTENCY_KEY_HEADER } from '../constants';

export { IDEMPOTENCY_KEY_HEADER };

/** How long the server keeps a key at least: a retry within this time is answered, never redone. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 7;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (no spaces).',
  reused:
    'This Idempotency-Key was already used for a different request. Send a new key with a new request, ' +
    'or the same request again to get its answer.',
  otherRoute: (route: string) =>
    `This Idempotency-Key was already used for ${route}. Send a new key with each request.`,
} as const;

/** A key as a client sends it: 1 to 255 visible ASCII characters (a UUID, `<uuid>:photo:2`, …). */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.invalidKey);
