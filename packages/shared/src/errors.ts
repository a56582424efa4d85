import { z } from 'zod';

/** Error codes shared by server and client; the JSON error shape is `{ code, message }`. */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  SESSION_ENDED: 401,
  FORBIDDEN: 403,
  USER_NOT_ACTIVE: 403,
  ACCOUNT_DISABLED: 403,
  EXCEED_MAX_CONCURRENT_USER: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** An Idempotency-Key sent again with another request or to another route (issue 30). */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** A save from a working copy made before the incident's last change (spec 1 §4, concurrent edits). */
  STALE_INCIDENT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const apiErrorSchema = z.object({ code: z.string(), message: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const TOKEN_EXPIRED_MESSAGE = 'Token is expired';
export const EXCEED_MAX_CONCURRENT_USER = 'EXCEED_MAX_CONCURRENT_USER';
