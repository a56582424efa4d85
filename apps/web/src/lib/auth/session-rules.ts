import { USER_STATUS } from '@blotter/shared/constants';
import { EXCEED_MAX_CONCURRENT_USER } from '@blotter/shared/errors';

export const ERROR_ROUTES = {
  pending: '/errors/pending',
  inactive: '/errors/inactive',
  unknownStatus: '/errors/unknownStatus',
  noPermission: '/errors/noPermission',
  pageNotExist: '/errors/pageNotExist',
  exceedMaxConcurrentUser: '/errors/exceedMaxConcurrentUser',
} as const;

export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/** Where a user of this status goes after sign-in: undefined when the status is active (1). */
export function statusErrorRoute(status: number): string | undefined {
  if (status === USER_STATUS.ACTIVE) return undefined;
  if (status === USER_STATUS.PENDING) return ERROR_ROUTES.pending;
  if (status === USER_STATUS.INACTIVE) return ERROR_ROUTES.inactive;
  return ERROR_ROUTES.unknownStatus;
}

/** The error of a failed sign-in return, as the provider or the session call described it. */
export interface SignInFailure {
  /** The callback URL's error_description, or the error description of the error object. */
  description?: string | null;
  /** The API error code, when the session call failed. */
  code?: string | null;
  message: string;
}

export type SignInFailureOutcome = { kind: 'navigate'; to: string } | { kind: 'alert'; message: string };

/** Spec 1 §8: too many concurrent users has its own page; any other error is alerted, then logout. */
export function signInFailureOutcome(failure: SignInFailure): SignInFailureOutcome {
  if (failure.description === EXCEED_MAX_CONCURRENT_USER || failure.code === EXCEED_MAX_CONCURRENT_USER) {
    return { kind: 'navigate', to: ERROR_ROUTES.exceedMaxConcurrentUser };
  }
  return { kind: 'alert', message: callbackAlertMessage(failure.message) };
}

export function callbackAlertMessage(error: string): string {
  return `Error: ${error}. Check the console for further details.`;
}

export function renewalAlertMessage(error: string): string {
  return `Could not get a new token ${error}`;
}

/** The page to return to after sign-in: only a path of this site, never the sign-in pages. */
export function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return DEFAULT_SIGNED_IN_PATH;
  const path = from.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '/login' || path === '/callback' || path.startsWith('/errors/')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  return from;
}
