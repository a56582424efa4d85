import {
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
import { listAuditEntries, listAuditUsers } from './audit.queries';
import { sealAll, verifyChain } from './audit-chain';
import { auditRange } from './audit-dates';
import { getAuditDetail } from './audit-detail.service';

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
        await sealAll(tx);
        return verifyChain(tx);
      }),
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
