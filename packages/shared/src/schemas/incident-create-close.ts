import { z } from 'zod';
import { isoDateTime } from './common';
import { incidentCreateBody } from './incident-form';
import { closeIncidentBody } from './incident-view';

/** Allowed clock difference between the phone and the server when checking "not in the future". */
const OFFLINE_CLOCK_SKEW_MS = 5 * 60 * 1000;
/**
 * The reported date's day starts at most this long before it, whatever the phone's time zone: a
 * time recorded offline earlier than that was before the day of the date reported.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export const OFFLINE_MESSAGES = {
  inFuture: 'The time the incident was recorded offline cannot be in the future.',
  beforeReported: 'The time the incident was recorded offline cannot be before the day of the date reported.',
} as const;

/**
 * POST /incidents: the new incident, and optionally the Close dialog's answer. With `close` the
 * incident is submitted and closed in one transaction (spec 1 §2: Close incident on the new form).
 * `recordedOfflineAt` is when a phone saved the incident in its outbox while offline (issue 30):
 * the incident's history then says it was recorded offline then and received by the server later.
 */
export const incidentCreateRequest = incidentCreateBody
  .and(
    z.object({
      close: closeIncidentBody.optional(),
      recordedOfflineAt: isoDateTime.optional(),
    }),
  )
  .superRefine((value, ctx) => {
    if (!value.recordedOfflineAt) return;
    const recorded = Date.parse(value.recordedOfflineAt);
    const path = ['recordedOfflineAt'];
    if (recorded > Date.now() + OFFLINE_CLOCK_SKEW_MS) {
      ctx.addIssue({ code: 'custom', path, message: OFFLINE_MESSAGES.inFuture });
    } else if (value.reportedDate && recorded < Date.parse(value.reportedDate) - DAY_MS) {
      ctx.addIssue({ code: 'custom', path, message: OFFLINE_MESSAGES.beforeReported });
    }
  });
export type IncidentCreateRequest = z.output<typeof incidentCreateRequest>;
