import type { SessionClaims } from '@blotter/shared/schemas/session';
import { apiFetch } from '../api-client';

/** GET /users/sessions: the session's claims as they are now (read only; the status check's call). */
export function readSession(): Promise<SessionClaims> {
  return apiFetch<SessionClaims>('/users/sessions');
}
