import { type AdminLookupType, isMultipleLookupType, LOOKUP_TYPE_NAMES } from '@blotter/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lookupLabels, lookups } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';

/** The audit card's lookup detail (common shape): the name under its level label, and its parent. */
export interface LookupAuditData {
  name: string;
  type: string;
  level: number;
  levelLabel: string;
  parentName: string;
}

export interface AuditedLookup {
  id: string;
  type: string;
  name: string;
  level: number;
  parentId: string | null;
}

/** The label of a level: the company's name for it, 'Level n' without one, the type's name for flat lists. */
async function levelLabelOf(tx: Tx, type: string, level: number): Promise<string> {
  if (!isMultipleLookupType(type)) return LOOKUP_TYPE_NAMES[type as AdminLookupType] ?? type;
  const [row] = await tx
    .select({ label: lookupLabels.label })
    .from(lookupLabels)
    .where(and(eq(lookupLabels.type, type), eq(lookupLabels.level, level)))
    .limit(1);
  return row?.label || `Level ${level}`;
}

async function parentNameOf(tx: Tx, parentId: string | null): Promise<string> {
  if (!parentId) return '';
  const [row] = await tx.select({ name: lookups.name }).from(lookups).where(eq(lookups.id, parentId)).limit(1);
  return row?.name ?? '';
}

export async function lookupAuditData(tx: Tx, item: AuditedLookup): Promise<LookupAuditData> {
  return {
    name: item.name,
    type: item.type,
    level: item.level,
    levelLabel: await levelLabelOf(tx, item.type, item.level),
    parentName: await parentNameOf(tx, item.parentId),
  };
}

/** One LOOKUP audit entry (CREATE, UPDATE or DELETE), in the caller's transaction. */
export async function auditLookup(
  tx: Tx,
  principal: Principal,
  transactionType: 'CREATE' | 'UPDATE' | 'DELETE',
  item: AuditedLookup,
) {
  await writeAudit(tx, principal, {
    objectType: 'LOOKUP',
    transactionType,
    objectName: item.name,
    objectId: item.id,
    objectData: await lookupAuditData(tx, item),
  });
}
