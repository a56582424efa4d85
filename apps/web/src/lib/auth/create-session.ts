import type { SessionClaims } from '@blotter/shared/schemas/session';
import { apiFetch } from '../api-client';

/** POST /users/sessions: creates the session after sign-in and refreshes it after each renewal. */
export function createSession(accessToken: string): Promise<SessionClaims> {
  return apiFetch<SessionClaims>('/users/sessions', { method: 'POST', accessToken });
}
