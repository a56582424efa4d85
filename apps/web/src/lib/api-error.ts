import { TOKEN_EXPIRED_MESSAGE } from '@blotter/shared/errors';

/** A failed API call: the HTTP status and the server's `{ code, message }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Sign in to continue.',
  403: 'You do not have permission.',
  404: 'Not found.',
  413: 'The request is too large.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/** Builds the error of a failed answer from its body text, which should be `{ code, message }`. */
export function toApiError(status: number, bodyText: string): ApiError {
  let code = status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  let message = FALLBACK_MESSAGES[status] ?? `The request failed (HTTP ${status}).`;
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null) {
      const record = body as Record<string, unknown>;
      if (typeof record.code === 'string' && record.code) code = record.code;
      if (typeof record.message === 'string' && record.message) message = record.message;
    }
  } catch {
    // Not JSON (a proxy error page, for instance): keep the fallback.
  }
  return new ApiError(status, code, message);
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export function networkError(): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
}

/** The call never reached the server (no network, the server down): not a refusal. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK_ERROR';
}

/** The code of a refusal because the user is no longer active (deactivated while signed in). */
export const USER_NOT_ACTIVE = 'USER_NOT_ACTIVE';

/** Spec 1 §8: a 401 with code TOKEN_EXPIRED or message 'Token is expired' logs the user out. */
export function isTokenExpired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return error.code === 'TOKEN_EXPIRED' || error.message === TOKEN_EXPIRED_MESSAGE;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
