import { type CloseBlock, INCIDENT_STATUS } from '@blotter/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { Tx } from '../../db/client';
import { sqlArray } from '../../db/json';
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

/**
 * The incidents holding one of `refs` as their source reference, found through the partial unique
 * index (account, source reference) where source_ref is not null: without the `is not null` the
 * planner cannot use that index and reads every incident of the company for each batch.
 */
export const storedRefsOf = (refs: readonly string[]) =>
  and(isNotNull(incidents.sourceRef), sql`${incidents.sourceRef} = any(${sqlArray(refs, 'text')})`);

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

/** A batch of valid rows after its first, short transaction: what is stored already, and numbers for the rest. */
export interface ClaimedBatch {
  /** The rows whose source reference is stored already ('Imported before.'). */
  skipped: RowOutcome[];
  /** The rows to store, numbered from firstNumber in this order. */
  fresh: IncidentRow[];
  firstNumber: number;
}

/**
 * The first, short transaction of a batch: the rows whose source reference is stored already, and
 * a number for each of the others (the company's counter moves on). It commits at once, so that the
 * counter's row is not held while the batch is written and two batches can be written side by
 * side; a batch that then fails leaves its numbers unused (a gap, as a failed save leaves none).
 */
export async function claimBatch(tx: Tx, principal: Principal, rows: readonly IncidentRow[]): Promise<ClaimedBatch> {
  if (rows.length === 0) return { skipped: [], fresh: [], firstNumber: 0 };
  const existing = await tx
    .select({ id: incidents.id, sourceRef: incidents.sourceRef })
    .from(incidents)
    .where(and(eq(incidents.accountId, principal.accountId), storedRefsOf(rows.map((r) => r.sourceRef))));
  const stored = new Map(existing.map((e) => [e.sourceRef ?? '', e.id]));
  const skipped: RowOutcome[] = rows
    .filter((r) => stored.has(r.sourceRef))
    .map((r) => ({
      sheet: r.sheet,
      rowNumber: r.rowNumber,
      sourceRef: r.sourceRef,
      outcome: 'skipped',
      reason: 'Imported before.',
      incidentId: stored.get(r.sourceRef) ?? null,
    }));
  const fresh = rows.filter((r) => !stored.has(r.sourceRef));
  if (fresh.length === 0) return { skipped, fresh, firstNumber: 0 };
  const [seq] = await tx
    .update(accounts)
    .set({ incidentSeq: sql`${accounts.incidentSeq} + ${fresh.length}` })
    .where(eq(accounts.id, principal.accountId))
    .returning({ last: accounts.incidentSeq });
  if (!seq) throw new Error('Company not found.');
  return { skipped, fresh, firstNumber: seq.last - fresh.length + 1 };
}

/**
 * Stores a claimed batch in the caller's one transaction, set-based: the rows the form pipeline
 * (createIncident + recordIncidentChange) would write, a statement per table rather than per
 * incident: incidents (with their source reference, original dates and close), the persons in the
 * register, every part, the search rows once, one 'IMPORT' history row each with its full
 * snapshot, and one audit row for the batch. The "incident changed" subscribers are not called: an
 * import sends no notification emails.
 */
export async function writeIncidentBatch(
  tx: Tx,
  principal: Principal,
  importRef: { id: string; fileName: string },
  batch: ClaimedBatch,
): Promise<RowOutcome[]> {
  const { fresh, firstNumber } = batch;
  const outcomes = [...batch.skipped];
  if (fresh.length === 0) return outcomes;
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

  // The search rows are written once for the batch, after its cards (not once per statement).
  await tx.execute(sql`select set_config('blotter.search_deferred', 'on', true)`);
  const inserted = await bulkInsert(
    tx,
    incidents,
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
    sql`id, number`,
  );
  const idOf = new Map(inserted.map((r) => [Number(r.number), String(r.id)]));

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
  if (withVehicles.length > 0) await registerVehicles(tx, principal.accountId, withVehicles);

  const ids = inserted.map((r) => String(r.id));
  await tx.execute(sql`select set_config('blotter.search_deferred', 'off', true)`);
  await tx.execute(sql`select blotter_search_refresh(${sqlArray(ids, 'uuid')})`);
  // Each incident by its id (a lateral lookup): the planner's statistics lag far behind a bulk load,
  // and a join let it read the company's whole index of incidents for every batch.
  await tx.execute(sql`insert into incident_history (account_id, incident_id, action_type, update_user_id, update_user_name, snapshot)
    select s.account_id, s.id, ${IMPORT_HISTORY_ACTION}, ${principal.userId}, ${principal.name}, s.snapshot
      from unnest(${sqlArray(ids, 'uuid')}) as batch(id), lateral (
      select i.account_id, i.id, ${incidentSnapshotSql} as snapshot
        from ${incidents} i
        left join ${users} c on c.id = i.create_user_id
        left join ${users} a on a.id = i.assigned_user_id
       where i.id = batch.id) s`);
  await writeAudit(tx, principal, {
    objectType: 'INCIDENT',
    transactionType: 'IMPORT',
    objectName: importRef.fileName,
    objectId: importRef.id,
    objectData: { incidents: ids.length, numbers: [firstNumber, firstNumber + fresh.length - 1] },
  });
  return outcomes;
}
