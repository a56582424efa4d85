import { formatDate } from '@blotter/shared';

/** The `source` of each banner the trial job raises: one live banner per company and source. */
export const TRIAL_BANNER_SOURCES = {
  warning: 'trial-warning',
  expired: 'trial-expired',
  disabled: 'account-disabled',
} as const;

/** The warning in the trial's last days (issue 14: 'trial expiring on {date}'). */
export const trialWarningMessage = (expiry: Date, dateFormat: number) =>
  `Free trial expiring on ${formatDate(expiry, dateFormat, 0)}. Subscribe to keep using Blotter.`;

export const TRIAL_EXPIRED_MESSAGE = 'Your free trial has expired. Subscribe to continue using Blotter.';
export const ACCOUNT_DISABLED_MESSAGE =
  'Account is disabled. Incidents can still be viewed and searched, but no new incident can be created.';
