import { TIMEZONE_HEADER } from '@blotter/shared/constants';
import { ApiError, isTokenExpired, networkError, toApiError, USER_NOT_ACTIVE } from './api-error';

export const API_BASE = '/api';

interface ApiClientHooks {
  /** The access token of the signed-in user, if any. */
  getAccessToken: () => Promise<string | undefined>;
  /** Called once per expired-token answer; the session logs the user out. */
  onTokenExpired: () => void;
  /** Called when the server says the user is no longer active (deactivated meanwhile). */
  onUserNotActive?: () => void;
}

let hooks: ApiClientHooks = {
  getAccessToken: async () => undefined,
  onTokenExpired: () => {},
};

/** The auth layer plugs in here, so the client does not depend on it. */
export function configureApiClient(next: ApiClientHooks) {
  hooks = next;
}

/** The signed-in user's access token (renewed when needed), for calls made without apiFetch. */
export const accessToken = () => hooks.getAccessToken();

/**
 * Every failed call goes through here: an expired token logs the user out (spec 1 §8); a user
 * deactivated meanwhile goes to their status page (spec 1 §4: any status other than 1 ends the session).
 */
export function failedCall(error: ApiError): ApiError {
  if (isTokenExpired(error)) hooks.onTokenExpired();
  if (error.code === USER_NOT_ACTIVE) hooks.onUserNotActive?.();
  return error;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (right after sign-in, before it is stored). */
  accessToken?: string;
  /** Let the request outlive the page (a save while the tab closes); ignored for large bodies. */
  keepalive?: boolean;
  /** Headers of this call besides the usual ones (the outbox's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Browsers refuse keepalive requests whose bodies pass 64 KiB in total. */
const KEEPALIVE_MAX_BODY = 60_000;

/** Headers every call carries: JSON, the browser's timezone offset and the bearer token. */
export function requestHeaders(accessToken: string | undefined, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [TIMEZONE_HEADER]: String(new Date().getTimezoneOffset()),
  };
  if (hasBody) headers['content-type'] = 'application/json';
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  return headers;
}

/**
 * Calls the API under /api: JSON in and out, errors thrown as ApiError with the server's message.
 * An expired token logs the user out (spec 1 §8).
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const token = request.accessToken ?? (await hooks.getAccessToken());
  const hasBody = request.body !== undefined;
  const body = hasBody ? JSON.stringify(request.body) : undefined;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: request.method ?? 'GET',
      headers: { ...requestHeaders(token, hasBody), ...request.headers },
      body,
      signal: request.signal,
      keepalive: Boolean(request.keepalive) && (body?.length ?? 0) < KEEPALIVE_MAX_BODY,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) {
    throw failedCall(toApiError(response.status, await response.text().catch(() => '')));
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', 'The server sent an answer that could not be read.');
  }
}

/**
 * GETs a PDF under /api. apiFetch reads JSON only, so this fetches the bytes with the same headers
 * (bearer token, timezone) and the same error handling (the server's message; an expired token
 * logs out).
 */
export async function apiFetchPdf(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = { ...requestHeaders(await hooks.getAccessToken(), false), accept: 'application/pdf' };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) throw failedCall(toApiError(response.status, await response.text().catch(() => '')));
  const blob = await response.blob();
  // The browser's PDF viewer needs the type on the blob to show it in a frame.
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}
