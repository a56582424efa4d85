/** Statuses, limits, debounce times and page sizes from the specifications (§9 of each). */

export const INCIDENT_STATUS = { DRAFT: 0, OPEN: 1, CLOSED: 2, EDITING: 3 } as const;
export type IncidentStatus = (typeof INCIDENT_STATUS)[keyof typeof INCIDENT_STATUS];

export const USER_STATUS = { PENDING: 0, ACTIVE: 1, INACTIVE: 2 } as const;

export const MEASUREMENT_TYPE = { METRIC: 0, US: 1 } as const;
export const DATE_FORMAT = { DMY: 0, MDY: 1 } as const;

export const ACCOUNT_TYPES = ['general', 'hotel', 'education', 'hospital'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * The header with which a client makes a write safe to retry (issue 30: the phone's outbox): the
 * same key again with the same request answers the first answer instead of doing the work again.
 * Honoured by POST /draftIncidents, POST /incidents/attachments and POST /incidents. Here, not with
 * its zod schema, so the phone's outbox sends it without loading zod.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const SESSION = {
  /** Token renewal this many seconds before expiry. */
  renewBeforeExpirySeconds: 30,
  /** Lifetime of an access token issued by the embedded provider. */
  accessTokenSeconds: 600,
  /** The open app reads its session's status this often (a deactivated user is signed out). */
  statusCheckSeconds: 15,
} as const;

export const IDLE = {
  defaultAutoLogoutSeconds: 900,
  autoLogoutOptions: [600, 900] as readonly number[],
  /** Offered only in test, dev and local environments. */
  testAutoLogoutSeconds: 20,
  checkEverySeconds: 5,
  countdownSeconds: 30,
} as const;

export const TOASTS = {
  max: 3,
  hideAfterMs: 5000,
  warningHideAfterMs: 30_000,
} as const;

export const DEBOUNCE = {
  draftSaveMs: 200,
  draftAutosaveEveryMs: 30_000,
  draftSavedChipMs: 5000,
  duplicationCheckMs: 1000,
  citySearchMs: 300,
  citySearchMinChars: 2,
  richTextChangeMs: 1000,
  searchButtonMs: 200,
  lookupDialogMs: 200,
  profileSaveMs: 200,
  passwordRequestMs: 200,
  /** Spec 3 §9: the subscription's save and cancel. */
  subscriptionSaveMs: 500,
} as const;

export const LIMITS = {
  richTextMax: 10_000,
  pageSize: 10,
  summaryTruncate: 200,
  nameMax: 100,
  descriptionMax: 500,
  attachmentNameMax: 100,
  attachmentCommentsMax: 500,
} as const;

export const TRIAL = { days: 30, concurrentUsers: 5 } as const;

export const DEFAULT_COUNTRY_CODE = 'CA';

/** Default company file size limits in MB (company settings may lower them). */
export const FILE_SIZE_LIMITS_MB = {
  maxUploadFileSize: 20,
  maxAvatarFileSize: 1,
  maxLogoFileSize: 2,
} as const;

export const LOOKUP_LEVELS = { incidentClass: 4, location: 5, incidentCause: 2 } as const;

export const MULTIPLE_LOOKUP_TYPES = ['incidentClass', 'location', 'incidentCause'] as const;
export type MultipleLookupType = (typeof MULTIPLE_LOOKUP_TYPES)[number];

export const SINGLE_LOOKUP_TYPES = [
  'personType',
  'vehicleInvolvement',
  'department',
  'primaryCause',
  'severityType',
  'referredAgency',
  'genderType',
  'correctiveActionType',
] as const;
export type SingleLookupType = (typeof SINGLE_LOOKUP_TYPES)[number];

/** Header carrying the browser's timezone offset in minutes (Date#getTimezoneOffset). */
export const TIMEZONE_HEADER = 'x-timezone-offset';

/** Shown on the dashboard and the search page to a user without ALLINCIDENT_SEARCH (spec 2 §2). */
export const OWN_INCIDENTS_SEARCH_NOTE =
  'Due to permission settings, your search will only return results for incidents you have created.';
