import {
  auditCheckpointSchema,
  auditCheckpointVerifyBody,
  auditCheckpointVerifySchema,
  auditDetailSchema,
  auditListQuery,
  auditPageSchema,
  auditUserSchema,
  auditVerifySchema,
  idParams,
  readerTimezoneOffset,
  TIMEZONE_HEADER,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { sealAll } from '../audit/audit-chain';
import { createCheckpoint, verifyCheckpoint } from '../audit/audit-checkpoint';
import { auditRange } from '../audit/audit-dates';
import { verifyChain } from '../audit/audit-verify';
import { getAuditDetail } from './audit-detail.service';
import { listAuditEntries, listAuditUsers } from './audit-log.queries';

const AUDIT_VIEW = ['AUDIT_VIEW'] as const;

/** The audit log (spec 3 §2 Audit card, §7 Audit) and its hash chain (issue 13, beyond the spec). */
export async function auditRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/audits',
    tag: 'Audit',
    summary:
      'A page (p from 0, psz rows, default 10) of the company’s audit entries from fromDate to toDate (calendar days ' +
      'in the x-timezone-offset of the reader, both included; default one month back to today; no future dates), ' +
      'newest first, optionally of one objectType or one createUserId. Answers the project’s page shape ' +
      '{ items, total, page, pageSize } rather than a bare list, so the table pages on the server.',
    privileges: AUDIT_VIEW,
    query: auditListQuery,
    response: auditPageSchema,
    handler: ({ query, tenant, request }) => {
      const range = auditRange(query, readerTimezoneOffset(request.headers[TIMEZONE_HEADER]), new Date());
      return tenant((tx) =>
        listAuditEntries(tx, { ...range, objectType: query.objectType, createUserId: query.createUserId }, query),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/audits/users',
    tag: 'Audit',
    summary: 'The company’s users (id, name) by name, to filter the audit table by; at most 1000.',
    privileges: AUDIT_VIEW,
    response: z.array(auditUserSchema),
    handler: ({ tenant }) => tenant((tx) => listAuditUsers(tx)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/audits/verify',
    tag: 'Audit',
    summary:
      'Seals the company’s committed audit entries not chained yet, then checks the hash chain: ok, or the first ' +
      'entry where it breaks (changed: its content or hash does not match; missing: an entry was deleted).',
    privileges: AUDIT_VIEW,
    writes: true,
    response: auditVerifySchema,
    handler: ({ tenant }) =>
      tenant(async (tx) => {
        await sealAll(tx, app.auditKey);
        return verifyChain(tx, app.auditKey);
      }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/audits/checkpoint',
    tag: 'Audit',
    summary:
      'Seals the committed entries, then answers a signed checkpoint of the company’s chain head (number of ' +
      'entries, head hash, time): a compact JWS (EdDSA, Ed25519) and the public JWK that verifies it without ' +
      'the secret. Kept outside the system, it later shows whether the chain still holds that head.',
    privileges: AUDIT_VIEW,
    writes: true,
    response: auditCheckpointSchema,
    handler: ({ auth, tenant }) => tenant((tx) => createCheckpoint(tx, app.auditKey, auth.accountId)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/audits/verify',
    tag: 'Audit',
    summary:
      'Checks the chain as GET /audits/verify does and against a checkpoint of GET /audits/checkpoint: ' +
      'checkpoint.matches when the entry with its number still has its hash and the chain holds up to it ' +
      '(400 for a checkpoint this server did not sign for this company).',
    privileges: AUDIT_VIEW,
    body: auditCheckpointVerifyBody,
    response: auditCheckpointVerifySchema,
    handler: ({ auth, body, tenant }) =>
      tenant((tx) => verifyCheckpoint(tx, app.auditKey, auth.accountId, body.checkpoint)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/audits/:id',
    tag: 'Audit',
    summary:
      'One audit entry with its objectData; for an INCIDENT change, incidentCompare: the version it made and the one ' +
      'before, private person fields masked without PRIVACY_INFO_VIEW (null when the user may not see the incident).',
    privileges: AUDIT_VIEW,
    params: idParams,
    response: auditDetailSchema,
    handler: ({ auth, params, tenant }) => tenant((tx) => getAuditDetail(tx, auth, params.id)),
  });
}
