import {
  LOOKUP_TYPE_NAMES,
  type LookupLabels,
  type LookupLabelsInput,
  MULTIPLE_LOOKUP_TYPES,
  maxLookupLevel,
} from '@blotter/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lookupLabels } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';

/** Every multiple-level type's labels, one per level ('' where the company named none). */
export async function allLabels(tx: Tx): Promise<LookupLabels> {
  const rows = await tx.select().from(lookupLabels);
  const labels: LookupLabels = {};
  for (const type of MULTIPLE_LOOKUP_TYPES) labels[type] = Array.from({ length: maxLookupLevel(type) }, () => '');
  for (const row of rows) {
    const list = labels[row.type];
    if (list && row.level >= 1 && row.level <= list.length) list[row.level - 1] = row.label;
  }
  return labels;
}

/**
 * Sets the level names of one type (the Labelsetting dialog); a level left empty loses its name
 * and shows as 'Level n'. Each changed level writes a LOOKUP UPDATE entry (a save changing none, one for the type).
 */
export async function saveLabels(tx: Tx, principal: Principal, input: LookupLabelsInput): Promise<LookupLabels> {
  const before = (await allLabels(tx))[input.type] ?? [];
  await tx.delete(lookupLabels).where(eq(lookupLabels.type, input.type));
  const rows = input.labels
    .map((label, index) => ({ accountId: principal.accountId, type: input.type, level: index + 1, label }))
    .filter((row) => row.label !== '');
  if (rows.length > 0) await tx.insert(lookupLabels).values(rows);
  let changed = 0;
  for (let level = 1; level <= maxLookupLevel(input.type); level++) {
    const label = input.labels[level - 1] ?? '';
    if (label === (before[level - 1] ?? '')) continue;
    changed++;
    await writeAudit(tx, principal, {
      objectType: 'LOOKUP',
      transactionType: 'UPDATE',
      objectName: `${LOOKUP_TYPE_NAMES[input.type]} level ${level}`,
      objectData: { name: label, type: input.type, level, levelLabel: label || `Level ${level}`, parentName: '' },
    });
  }
  // A save that changed no level is still an administrator's action on the labels: one entry for the type.
  if (changed === 0) {
    await writeAudit(tx, principal, {
      objectType: 'LOOKUP',
      transactionType: 'UPDATE',
      objectName: `${LOOKUP_TYPE_NAMES[input.type]} labels`,
      objectData: { name: before.join(' / '), type: input.type, levelLabel: 'Labels (unchanged)', parentName: '' },
    });
  }
  return allLabels(tx);
}
