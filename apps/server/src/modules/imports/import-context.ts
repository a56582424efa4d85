import type { ImportMapping } from '@blotter/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, users } from '../../db/schema/index';
import { fieldOf } from './import-fields';
import { loadLookupIndex } from './import-lookups';
import { type RowContext, type SheetPlan, sheetPlan } from './import-rows';
import type { MappedRow } from './import-scan';

/** The lookup types the mapping's columns read. */
export function lookupTypesOf(mapping: ImportMapping): string[] {
  const types = new Set<string>();
  for (const sheet of mapping.sheets) {
    if (!sheet.entity) continue;
    for (const key of Object.values(sheet.columns)) {
      const type = key ? fieldOf(sheet.entity, key)?.lookupType : null;
      if (type) types.add(type);
    }
  }
  return [...types];
}

/** What reading a row needs from the company: its date format, lookup items and active users. */
export async function rowContext(
  tx: Tx,
  accountId: string,
  mapping: ImportMapping,
  timezoneOffset: number,
): Promise<RowContext> {
  const [account] = await tx
    .select({ dateFormat: accounts.dateFormat, timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const active = await tx
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(eq(users.status, 1), isNull(users.deletedAt)));
  return {
    dateFormat: account?.dateFormat ?? 0,
    timezoneOffset,
    timeZone: account?.timeZone ?? 'UTC',
    index: await loadLookupIndex(tx, lookupTypesOf(mapping)),
    mapping,
    usersByEmail: new Map(active.map((u) => [u.email, u.id])),
  };
}

/** The plan of a mapped row's sheet, made once per sheet. */
export function planCache(): (row: MappedRow) => SheetPlan {
  const plans = new Map<string, SheetPlan>();
  return (row) => {
    let plan = plans.get(row.sheet.name);
    if (!plan) {
      plan = sheetPlan(row.sheet.name, row.sheet.entity ?? 'incidents', row.headers, row.sheet.columns);
      plans.set(row.sheet.name, plan);
    }
    return plan;
  };
}
