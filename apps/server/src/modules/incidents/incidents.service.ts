import { INCIDENT_MESSAGES, INCIDENT_STATUS, type IncidentCore } from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, incidentHistory, incidents } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { lookupExists } from '../lookups/lookups.queries';

/** The next incident number of the company (numbers are per company, never reused). */
async function nextIncidentNumber(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .update(accounts)
    .set({ incidentSeq: sql`${accounts.incidentSeq} + 1` })
    .where(eq(accounts.id, accountId))
    .returning({ number: accounts.incidentSeq });
  if (!row) throw new AppError('NOT_FOUND', 'Company not found.');
  return row.number;
}

/** Submits a new incident: status Open, next number, history and audit in the same transaction. */
export async function createIncident(tx: Tx, principal: Principal, input: IncidentCore) {
  if (!principal.account.active) throw new AppError('ACCOUNT_DISABLED', INCIDENT_MESSAGES.accountDisabled);
  if (!(await lookupExists(tx, input.lastClassId, ['incidentClass']))) {
    throw badRequest('The selected incident class does not exist.');
  }
  const number = await nextIncidentNumber(tx, principal.accountId);
  const [incident] = await tx
    .insert(incidents)
    .values({
      accountId: principal.accountId,
      number,
      status: INCIDENT_STATUS.OPEN,
      createUserId: principal.userId,
      reportedDate: new Date(input.reportedDate),
      occurredDate: new Date(input.occurredDate),
      occurredDateUncertain: input.occurredDateUncertain,
      lastClassId: input.lastClassId,
      summary: input.summary,
      summaryText: input.summary,
    })
    .returning();
  if (!incident) throw new Error('Insert returned no row');
  const [history] = await tx
    .insert(incidentHistory)
    .values({
      accountId: principal.accountId,
      incidentId: incident.id,
      actionType: 'CREATE',
      updateUserId: principal.userId,
      updateUserName: principal.name,
      snapshot: incident,
    })
    .returning({ id: incidentHistory.id });
  await writeAudit(tx, principal, {
    objectType: 'INCIDENT',
    transactionType: 'CREATE',
    objectName: `#${number}`,
    objectId: incident.id,
    ...(history ? { objectHistoryId: history.id } : {}),
  });
  return { id: incident.id, number };
}
