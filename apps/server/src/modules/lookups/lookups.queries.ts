import {
  type LookupLabels,
  type LookupNode,
  MULTIPLE_LOOKUP_TYPES,
  type MultipleLookupType,
  SINGLE_LOOKUP_TYPES,
  type SingleLookup,
} from '@blotter/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jsonValue } from '../../db/json';
import { lookupLabels, lookups } from '../../db/schema/index';

/** The columns of a lookup the app uses. */
export type LookupRow = Pick<
  typeof lookups.$inferSelect,
  'id' | 'type' | 'name' | 'active' | 'parentId' | 'level' | 'addressId' | 'code'
>;

/** Builds the trees of one multiple-level type from its flat rows. */
export function buildLookupTree(rows: readonly LookupRow[], labels: readonly string[]): LookupNode[] {
  const children = new Map<string | null, LookupRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId: string | null, parentPath: string): LookupNode[] =>
    (children.get(parentId) ?? []).map((row) => {
      const path = parentPath ? `${parentPath} / ${row.name}` : row.name;
      return {
        id: row.id,
        type: row.type,
        name: row.name,
        active: row.active,
        parentId: row.parentId,
        level: row.level,
        parentPath,
        label: labels[row.level - 1] ?? `Level ${row.level}`,
        addressId: row.addressId,
        children: build(row.id, path),
      };
    });
  return build(null, '');
}

export interface AllLookups {
  labels: LookupLabels;
  multiple: Record<MultipleLookupType, LookupNode[]>;
  single: Record<string, SingleLookup[]>;
}

/**
 * Every lookup row of the company, in display order, and the level labels, as one JSON value.
 * A deleted item is sent as inactive: the pickers leave it out like a disabled one, while the
 * viewer, results and print still find the name of an incident's old lookup.
 */
export const lookupsJson = sql`json_build_object(
  'rows', (select coalesce(json_agg(json_build_object(
        'id', id, 'type', type, 'name', name, 'active', active and deleted_at is null,
        'parentId', parent_id, 'level', level, 'addressId', address_id, 'code', code)
      order by type, level, sort_order, name, id), '[]')
    from ${lookups}),
  'labels', (select coalesce(json_agg(json_build_object('type', type, 'level', level, 'label', label)
      order by type, level), '[]')
    from ${lookupLabels}))`;

export interface LookupsData {
  rows: LookupRow[];
  labels: { type: string; level: number; label: string }[];
}

/** Every lookup of the company: labels, the trees and the flat lists, in display order. */
export async function loadAllLookups(tx: Tx): Promise<AllLookups> {
  return assembleLookups(await jsonValue<LookupsData>(tx, sql`select ${lookupsJson} as value`));
}

/** The labels, trees and lists from the rows of lookupsJson. */
export function assembleLookups({ rows, labels: labelRows }: LookupsData): AllLookups {
  const labels: LookupLabels = {};
  for (const type of MULTIPLE_LOOKUP_TYPES) labels[type] = [];
  for (const row of labelRows) {
    const list = labels[row.type] ?? [];
    list[row.level - 1] = row.label;
    labels[row.type] = list;
  }
  const byType = new Map<string, LookupRow[]>();
  for (const row of rows) {
    const list = byType.get(row.type) ?? [];
    list.push(row);
    byType.set(row.type, list);
  }
  const multiple = {} as Record<MultipleLookupType, LookupNode[]>;
  for (const type of MULTIPLE_LOOKUP_TYPES) {
    multiple[type] = buildLookupTree(byType.get(type) ?? [], labels[type] ?? []);
  }
  const single: Record<string, SingleLookup[]> = {};
  for (const type of SINGLE_LOOKUP_TYPES) {
    single[type] = (byType.get(type) ?? []).map(({ id, type: t, name, active, code }) => ({
      id,
      type: t,
      name,
      active,
      code,
    }));
  }
  return { labels, multiple, single };
}

/** True when the id is a lookup of one of the types in the current company. */
export async function lookupExists(tx: Tx, id: string, types: readonly string[]): Promise<boolean> {
  const rows = await tx
    .select({ id: lookups.id })
    .from(lookups)
    .where(and(eq(lookups.id, id), inArray(lookups.type, [...types])))
    .limit(1);
  return rows.length > 0;
}
