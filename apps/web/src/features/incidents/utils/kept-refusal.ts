import { INCIDENT_MESSAGES } from '@blotter/shared/schemas/incidents';
import { ApiError } from '../../../lib/api-error';

/**
 * A save refused because the incident can no longer take it as it is (issue 27): closed meanwhile,
 * or gone (deleted, or locked away from a user without INCIDENT_LOCK: both answer 404). The form
 * keeps what was typed; a stale copy (409) has its own dialog, a validation refusal its own message.
 */
export interface KeptRefusal {
  reason: 'closed' | 'gone';
  message: string;
}

export function keptRefusalOf(error: unknown): KeptRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 400 && error.message === INCIDENT_MESSAGES.cannotEditClosed) {
    return { reason: 'closed', message: error.message };
  }
  if (error.status === 404) return { reason: 'gone', message: error.message };
  return undefined;
}
