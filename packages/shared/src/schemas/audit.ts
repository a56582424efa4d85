import { z } from 'zod';
import { LIMITS } from '../constants';
import { id, MAX_PAGE_SIZE, pageOf } from './common';
import { historyCompareSchema } from './incident-view';
import { INCIDENT_SEARCH_MESSAGES, isoDateSchema } from './search-criteria';

/** The audit log (spec 3 §2 Audit card, §3 Audit entry, §4, §5, §7 Audit). */

export const AUDIT_OBJECT_TYPES = [
  'INCIDENT',
  'USER',
  'USER_GROUP',
  'ACCOUNT',
  'LOOKUP',
  'AUTHENTICATION',
  'SEARCH',
  'ANALYZE',
  'REPORT',
  'SUBSCRIPTION',
  'PAYMENT_METHOD',
  'SUBJECT',
  'API_TOKEN',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AUDIT_MESSAGES = {
  futureDate: 'Audit dates cannot be in the future.',
  dateOrder: INCIDENT_SEARCH_MESSAGES.periodOrder,
  invalidDate: INCIDENT_SEARCH_MESSAGES.invalidDate,
  invalidType: 'Invalid audit type',
  invalidUser: 'Invalid user',
  verified: 'Audit log verified',
} as const;

const PAGE_MESSAGE = 'p must be a page number from 0';
const PAGE_SIZE_MESSAGE = `psz must be a page size from 1 to ${MAX_PAGE_SIZE}`;

/**
 * GET /audits: the entries created from fromDate to toDate (calendar days of the reader's zone,
 * both included; default one month back to today), of one audit type or of one user, a page of them.
 * "No future dates" depends on the reader's today, so the server checks it with the request's zone.
 */
export const auditListQuery = z
  .object({
    fromDate: isoDateSchema.optional(),
    toDate: isoDateSchema.optional(),
    objectType: z.enum(AUDIT_OBJECT_TYPES, AUDIT_MESSAGES.invalidType).optional(),
    createUserId: id(AUDIT_MESSAGES.invalidUser).optional(),
    p: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(0, PAGE_MESSAGE).default(0),
    psz: z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .int(PAGE_SIZE_MESSAGE)
      .min(1, PAGE_SIZE_MESSAGE)
      .max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
      .default(LIMITS.pageSize),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, AUDIT_MESSAGES.dateOrder);
export type AuditListQuery = z.input<typeof auditListQuery>;

/** One row of the audit table (objectData is read with GET /audits/{id}). */
export const auditEntrySchema = z.object({
  id: z.string(),
  objectType: z.string(),
  objectName: z.string(),
  transactionType: z.string(),
  createUserId: z.string().nullable(),
  createUserName: z.string(),
  /** When it happened (ISO). */
  createUserTime: z.string(),
  objectId: z.string().nullable(),
  objectHistoryId: z.string().nullable(),
  /** The entry's place in its company's chain; null until the sealer reached it (seconds). */
  chainSeq: z.number().int().nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.output<typeof auditPageSchema>;

/**
 * GET /audits/{id}: the entry with what its detail view shows. `objectData` as written (its shape per
 * type: see writeAudit's callers); for an INCIDENT change, `incidentCompare` is the version it made
 * and the one before (private person fields masked without PRIVACY_INFO_VIEW), null when the entry
 * made no version, the incident is gone or the user may not see it.
 */
export const auditDetailSchema = auditEntrySchema.extend({
  objectData: z.unknown(),
  incidentCompare: historyCompareSchema.nullable(),
});
export type AuditDetail = z.output<typeof auditDetailSchema>;

/** A user the audit table can be filtered by (GET /audits/users). */
export const auditUserSchema = z.object({ id: z.string(), name: z.string() });
export type AuditUser = z.output<typeof auditUserSchema>;
/** The most users GET /audits/users answers (a company's users, sorted by name). */
export const AUDIT_USER_LIMIT = 1000;

/**
 * GET /audits/verify: whether the company's hash chain holds. `brokenAt` names the first entry
 * where it does not: `changed` (its content or hash no longer matches), `missing` (the entry with
 * that chain number is gone; `id` is then the entry after the gap, or null at the end).
 */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  /** How many entries the chain holds. */
  entries: z.number().int(),
  brokenAt: z
    .object({
      chainSeq: z.number().int(),
      id: z.string().nullable(),
      createUserTime: z.string().nullable(),
      reason: z.enum(['changed', 'missing']),
    })
    .nullable(),
});
export type AuditVerify = z.output<typeof auditVerifySchema>;

/**
 * GET /audits/checkpoint: a signed statement of the company's chain head (issue 26): at `createdAt`
 * the chain held `chainSeq` entries ending in `headHash`. `checkpoint` is a compact JWS (EdDSA,
 * Ed25519) over those fields and the company id; `publicKey` (JWK) verifies it without the secret.
 * Kept outside the system, it later shows whether the chain still holds that head at that count.
 */
export const auditCheckpointSchema = z.object({
  checkpoint: z.string(),
  accountId: z.string(),
  chainSeq: z.number().int(),
  headHash: z.string(),
  createdAt: z.string(),
  publicKey: z.record(z.string(), z.string()),
});
export type AuditCheckpoint = z.output<typeof auditCheckpointSchema>;

export const AUDIT_CHECKPOINT_MESSAGES = {
  invalid: 'This is not an audit checkpoint of this server.',
  otherCompany: 'This audit checkpoint is of another company.',
  matches: 'The audit log still holds this checkpoint.',
  differs: 'The audit log no longer holds this checkpoint: entries up to it were changed or removed.',
} as const;

/** POST /audits/verify: the downloaded checkpoint file's `checkpoint` (the JWS). */
export const auditCheckpointVerifyBody = z.object({
  checkpoint: z.string().trim().min(1, AUDIT_CHECKPOINT_MESSAGES.invalid).max(4000, AUDIT_CHECKPOINT_MESSAGES.invalid),
});
export type AuditCheckpointVerifyBody = z.input<typeof auditCheckpointVerifyBody>;

/**
 * POST /audits/verify: the chain check of GET /audits/verify, and whether the entry numbered
 * `chainSeq` still has the checkpoint's hash and the chain up to it holds (`matches`).
 */
export const auditCheckpointVerifySchema = auditVerifySchema.extend({
  checkpoint: z.object({
    chainSeq: z.number().int(),
    headHash: z.string(),
    createdAt: z.string(),
    matches: z.boolean(),
  }),
});
export type AuditCheckpointVerify = z.output<typeof auditCheckpointVerifySchema>;
