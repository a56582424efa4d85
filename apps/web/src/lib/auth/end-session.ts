import { apiFetch } from '../api-client';

/** DELETE /users/sessions: ends the server session at logout. */
export function endSession(accessToken: string): Promise<void> {
  return apiFetch<void>('/users/sessions', { method: 'DELETE', accessToken });
}
