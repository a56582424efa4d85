import {
  type AdminLookupType,
  findLookupNode,
  isMultipleLookupType,
  LOOKUP_ADMIN_MESSAGES,
  type LookupNode,
  MAX_LOOKUPS_PER_TYPE,
  type MultipleLookupType,
  maxLookupLevel,
  type SingleLookup,
} from '@blotter/shared';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lookupLabels, lookups } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { auditLookup } from './lookup-audit';
import { buildLookupTree } from './lookups.queries';

/** Items an administrator sees: deleted ones stay only for the incidents that name them. */
const live = isNull(lookups.deletedAt);

const columns = {
  id: lookups.id,
  type: lookups.type,
  name: lookups.name,
  active: lookups.active,
  parentId: lookups.parentId,
  level: lookups.level,
  addressId: lookups.addressId,
  code: lookups.code,
};

/**
 * A live item of the type, or 404 (another company's item is not found either: row-level
 * security). Locked, so a child cannot be added under an item being deleted at the same moment.
 */
export async function liveLookup(tx: Tx, id: string, type: string) {
  const [row] = await tx
    .select(columns)
    .from(lookups)
    .where(and(eq(lookups.id, id), eq(lookups.type, type), live))
    .limit(1)
    .for('update');
  if (!row) throw notFound('Lookup');
  return row;
}

async function rowsOf(tx: Tx, type: string) {
  return tx
    .select(columns)
    .from(lookups)
    .where(and(eq(lookups.type, type), live))
    .orderBy(asc(lookups.level), asc(lookups.sortOrder), asc(lookups.name), asc(lookups.id));
}

export async function labelsOf(tx: Tx, type: string): Promise<string[]> {
  const rows = await tx
    .select({ level: lookupLabels.level, label: lookupLabels.label })
    .from(lookupLabels)
    .where(eq(lookupLabels.type, type));
  const labels: string[] = [];
  for (const row of rows) labels[row.level - 1] = row.label;
  return Array.from(labels, (label) => label ?? '');
}

export async function listSingles(tx: Tx, type: string): Promise<SingleLookup[]> {
  return (await rowsOf(tx, type)).map(({ id, type: t, name, active, code }) => ({ id, type: t, name, active, code }));
}

export async function getSingle(tx: Tx, id: string): Promise<SingleLookup> {
  const [row] = await tx
    .select(columns)
    .from(lookups)
    .where(and(eq(lookups.id, id), live))
    .limit(1);
  if (!row || row.parentId !== null || isMultiple(row.type)) throw notFound('Lookup');
  return { id: row.id, type: row.type, name: row.name, active: row.active, code: row.code };
}

const isMultiple = isMultipleLookupType;

/** The type of a live item of a tree, or 404. */
export async function multipleTypeOf(tx: Tx, id: string): Promise<MultipleLookupType> {
  const [row] = await tx
    .select({ type: lookups.type })
    .from(lookups)
    .where(and(eq(lookups.id, id), live))
    .limit(1);
  if (!row || !isMultipleLookupType(row.type)) throw notFound('Lookup');
  return row.type;
}

export async function treeOf(tx: Tx, type: MultipleLookupType): Promise<LookupNode[]> {
  return buildLookupTree(await rowsOf(tx, type), await labelsOf(tx, type));
}

/** One item of a tree with its live children. */
export async function getMultiple(tx: Tx, id: string): Promise<LookupNode> {
  const [row] = await tx
    .select({ type: lookups.type })
    .from(lookups)
    .where(and(eq(lookups.id, id), live))
    .limit(1);
  if (!row || !isMultiple(row.type)) throw notFound('Lookup');
  const node = findLookupNode(await treeOf(tx, row.type as MultipleLookupType), id);
  if (!node) throw notFound('Lookup');
  return node;
}

async function ensureRoom(tx: Tx, type: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(lookups)
    .where(and(eq(lookups.type, type), live));
  if ((row?.n ?? 0) >= MAX_LOOKUPS_PER_TYPE) throw badRequest(LOOKUP_ADMIN_MESSAGES.tooMany);
}

/** The next place among the siblings, so a new item shows last. */
async function nextSortOrder(tx: Tx, type: string, parentId: string | null) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${lookups.sortOrder}), 0)::int` })
    .from(lookups)
    .where(and(eq(lookups.type, type), parentId ? eq(lookups.parentId, parentId) : isNull(lookups.parentId)));
  return (row?.n ?? 0) + 1;
}

interface NewLookup {
  id: string;
  type: AdminLookupType;
  name: string;
  active: boolean;
  parentId: string | null;
  level: number;
}

/**
 * Inserts an item under the client's id. An id this company already uses (a retried add) is 409;
 * one that another company uses is 404, as for any row of another company, so a probe of ids
 * learns nothing it could not learn from GET (ON CONFLICT skips the row unseen, and whether the
 * row is ours is read through row-level security).
 */
async function insertLookup(tx: Tx, principal: Principal, item: NewLookup) {
  await ensureRoom(tx, item.type);
  const [row] = await tx
    .insert(lookups)
    .values({
      ...item,
      accountId: principal.accountId,
      sortOrder: await nextSortOrder(tx, item.type, item.parentId),
    })
    .onConflictDoNothing({ target: lookups.id })
    .returning(columns);
  if (!row) {
    const [ours] = await tx.select({ id: lookups.id }).from(lookups).where(eq(lookups.id, item.id));
    if (ours) throw new AppError('CONFLICT', LOOKUP_ADMIN_MESSAGES.idTaken);
    throw notFound('Lookup');
  }
  await auditLookup(tx, principal, 'CREATE', row);
  return row;
}

export async function createSingle(
  tx: Tx,
  principal: Principal,
  input: { id: string; type: AdminLookupType; name: string; active: boolean },
): Promise<SingleLookup> {
  const row = await insertLookup(tx, principal, { ...input, parentId: null, level: 1 });
  return { id: row.id, type: row.type, name: row.name, active: row.active, code: row.code };
}

/** A root, or a child one level below its parent of the same type, within the type's levels. */
export async function createMultiple(
  tx: Tx,
  principal: Principal,
  input: { id: string; type: MultipleLookupType; name: string; active: boolean; parentId: string | null },
): Promise<LookupNode> {
  let level = 1;
  if (input.parentId) {
    // The parent comes from the body, not the URL: unknown is a bad request.
    const parent = await liveLookup(tx, input.parentId, input.type).catch(() => {
      throw badRequest(LOOKUP_ADMIN_MESSAGES.parentNotFound);
    });
    level = parent.level + 1;
  }
  if (level > maxLookupLevel(input.type)) throw badRequest(LOOKUP_ADMIN_MESSAGES.tooDeep(input.type));
  await insertLookup(tx, principal, { ...input, level });
  return getMultiple(tx, input.id);
}

/** Renames, disables or enables an item (its children keep their own state). */
export async function updateLookup(
  tx: Tx,
  principal: Principal,
  input: { id: string; type: AdminLookupType; name: string; active: boolean },
) {
  const existing = await liveLookup(tx, input.id, input.type);
  const [row] = await tx
    .update(lookups)
    .set({ name: input.name, active: input.active })
    .where(eq(lookups.id, existing.id))
    .returning(columns);
  if (!row) throw notFound('Lookup');
  await auditLookup(tx, principal, 'UPDATE', row);
  return row;
}

/**
 * Deletes an item and everything below it. The rows stay marked deleted: incidents, their
 * history, search and print still name them; the admin calls and the pickers leave them out.
 */
export async function deleteLookup(tx: Tx, principal: Principal, id: string, type: AdminLookupType) {
  const item = await liveLookup(tx, id, type);
  const removed = (await tx.execute(
    sql`with recursive tree as (
          select id from ${lookups} where id = ${item.id}
          union all select l.id from ${lookups} l join tree on l.parent_id = tree.id where l.deleted_at is null)
        update ${lookups} set deleted_at = now()
        where id in (select id from tree) and deleted_at is null
        returning id, type, name, level, parent_id`,
  )) as unknown as { rows: { id: string; type: string; name: string; level: number; parent_id: string | null }[] };
  // Audit before nothing else changes: the parents' names are still readable.
  const rows = removed.rows.sort((a, b) => a.level - b.level);
  for (const row of rows) {
    await auditLookup(tx, principal, 'DELETE', { ...row, parentId: row.parent_id });
  }
  return rows.length;
}
