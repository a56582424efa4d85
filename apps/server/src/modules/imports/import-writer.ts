import { type CloseBlock, INCIDENT_STATUS } from '@blotter/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, incidents, users } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';
import { incidentSnapshotSql } from '../incidents/changes/record-incident-change';
import { incidentColumns, sanitizeIncidentFields } from '../incidents/incident-fields';
import { insertPartRows, type PartRows, partRows } from '../incidents/incident-parts.queries';
import { registerParties } from '../parties/parties.service';
import { registerVehicles } from '../parties/vehicle-register';
import type { IncidentRow } from './import-rows';
import type { RowOutcome } from './imports.queries';

/** The importing user as the pipeline's services see them (audit rows, created lookups, the register). */
export async function importingPrincipal(tx: Tx, accountId: string, userId: string): Promise<Principal> {
  const [row] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      active: accounts.active,
      trial: accounts.trial,
      measurementType: accounts.measurementType,
      dateFormat: accounts.dateFormat,
      concurrentUserCount: accounts.concurrentUserCount,
      companyName: accounts.companyName,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId));
  if (!row) throw new Error('The importing user no longer exists.');
  return {
    userId,
    accountId,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    admin: false,
    systemAdmin: false,
    privileges: [],
    status: row.status,
    sessionId: '',
    sessionActive: false,
    account: {
      active: row.active,
      trial: row.trial,
      measurementType: row.measurementType,
      dateFormat: row.dateFormat,
      concurrentUserCount: row.concurrentUserCount,
      companyName: row.companyName,
    },
  };
}

/** A closed imported incident's close block: closed by the importing user on its closed date. */
function importedClose(principal: Principal, closedAt: string, firstName: string, lastName: string): CloseBlock {
  const comments = 'Closed in the system it was imported from.';
  return {
    closedBy: 'USER',
    closeUserId: principal.userId,
    closeUserName: principal.name || 'Unknown',
    closeUserFirstName: firstName,
    closeUserLastName: lastName,
    closeFirstName: '',
    closeMiddleName: '',
    closeLastName: '',
    closeAlias: '',
    closePosition: '',
    closeDepartment: '',
    closeEmail: '',
    closePhone: '',
    closeMobilePhone: '',
    closeComments: comments,
    closeCommentsText: comments,
    closeDate: closedAt,
  };
}

/** The actionType of an imported incident's one history row (the viewer shows it as 'Imported'). */
export const IMPORT_HISTORY_ACTION = 'IMPORT';

/**
 * Stores a batch of valid incident rows in the caller's one transaction, set-based: the rows the
 * form pipeline (createIncident + recordIncidentChange) would write, a statement per table rather
 * than per incident: numbers, incidents (with their source reference, original dates and close),
 * the persons in the register, every part, one 'IMPORT' history row each with its full snapshot,
 * and one audit row for the batch. Rows whose source reference is already stored are skipped.
 * The "incident changed" subscribers are not called: an import sends no notification emails.
 */
export async function writeIncidentBatch(
  tx: Tx,
  principal: Principal,
  importRef: { id: string; fileName: string },
  rows: readonly IncidentRow[],
): Promise<RowOutcome[]> {
  if (rows.length === 0) return [];
  const refs = rows.map((r) => r.sourceRef);
  const existing = await tx
    .select({ id: incidents.id, sourceRef: incidents.sourceRef })
    .from(incidents)
    .where(and(eq(incidents.accountId, principal.accountId), inArray(incidents.sourceRef, refs)));
  const stored = new Map(existing.map((e) => [e.sourceRef ?? '', e.id]));
  const skipped = rows.filter((r) => stored.has(r.sourceRef));
  const fresh = rows.filter((r) => !stored.has(r.sourceRef));
  const outcomes: RowOutcome[] = skipped.map((r) => ({
    sheet: r.sheet,
    rowNumber: r.rowNumber,
    sourceRef: r.sourceRef,
    outcome: 'skipped',
    reason: 'Imported before.',
    incidentId: stored.get(r.sourceRef) ?? null,
  }));
  if (fresh.length === 0) return outcomes;

  const [seq] = await tx
    .update(accounts)
    .set({ incidentSeq: sql`${accounts.incidentSeq} + ${fresh.length}` })
    .where(eq(accounts.id, principal.accountId))
    .returning({ last: accounts.incidentSeq });
  if (!seq) throw new Error('Company not found.');
  const firstNumber = seq.last - fresh.length + 1;
  const [me] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, principal.userId));

  // The register of persons: one call for the whole batch (a few statements whatever its size).
  const fields = fresh.map((r) => sanitizeIncidentFields(r.fields, principal.accountId));
  const registered = await registerParties(
    tx,
    principal,
    fields.flatMap((f) => f.persons),
    [],
  );
  let next = 0;
  for (const f of fields) {
    f.persons = registered.persons.slice(next, next + f.persons.length);
    next += f.persons.length;
  }

  const inserted = await tx
    .insert(incidents)
    .values(
      fresh.map((row, i) => {
        const f = fields[i] ?? row.fields;
        const closedAt = row.closed ? (row.closedDate ?? f.reportedDate ?? new Date().toISOString()) : null;
        return {
          accountId: principal.accountId,
          number: firstNumber + i,
          status: row.closed ? INCIDENT_STATUS.CLOSED : INCIDENT_STATUS.OPEN,
          createUserId: principal.userId,
          sourceRef: row.sourceRef,
          ...incidentColumns(f),
          close: closedAt ? importedClose(principal, closedAt, me?.firstName ?? '', me?.lastName ?? '') : null,
          closedAt: closedAt ? new Date(closedAt) : null,
        };
      }),
    )
    .returning({ id: incidents.id, number: incidents.number });
  const idOf = new Map(inserted.map((r) => [r.number, r.id]));

  const parts: PartRows = { persons: [], companies: [], vehicles: [], items: [], correctiveActions: [] };
  const withVehicles: string[] = [];
  fresh.forEach((row, i) => {
    const id = idOf.get(firstNumber + i);
    const f = fields[i];
    if (!id || !f) return;
    const rowsOf = partRows(principal.accountId, id, f);
    for (const key of Object.keys(parts) as (keyof PartRows)[]) (parts[key] as unknown[]).push(...rowsOf[key]);
    if (f.vehicles.length > 0) withVehicles.push(id);
    outcomes.push({
      sheet: row.sheet,
      rowNumber: row.rowNumber,
      sourceRef: row.sourceRef,
      outcome: 'created',
      reason: '',
      incidentId: id,
    });
  });
  await insertPartRows(tx, parts);
  for (const id of withVehicles) await registerVehicles(tx, principal.accountId, id);

  const ids = inserted.map((r) => r.id);
  await tx.execute(sql`insert into incident_history (account_id, incident_id, action_type, update_user_id, update_user_name, snapshot)
    select i.account_id, i.id, ${IMPORT_HISTORY_ACTION}, ${principal.userId}, ${principal.name}, ${incidentSnapshotSql}
      from ${incidents} i
      left join ${users} c on c.id = i.create_user_id
      left join ${users} a on a.id = i.assigned_user_id
     where i.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  await writeAudit(tx, principal, {
    objectType: 'INCIDENT',
    transactionType: 'IMPORT',
    objectName: importRef.fileName,
    objectId: importRef.id,
    objectData: { incidents: ids.length, numbers: [firstNumber, seq.last] },
  });
  return outcomes;
}
