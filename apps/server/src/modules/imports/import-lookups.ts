import { randomUUID } from 'node:crypto';
import {
  type ImportMapping,
  type ImportValueTarget,
  MULTIPLE_LOOKUP_TYPES,
  type MultipleLookupType,
  maxLookupLevel,
} from '@blotter/shared';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lookups } from '../../db/schema/index';
import type { Principal } from '../../plugins/auth';
import { createMultiple, createSingle } from '../lookups/lookup-admin.service';

/** Levels of a path are written 'Security > Theft'. */
export const PATH_SEPARATOR = ' > ';
const splitPath = (value: string) =>
  value
    .split('>')
    .map((part) => part.trim())
    .filter(Boolean);
const normal = (value: string) => splitPath(value).join(PATH_SEPARATOR).toLowerCase();

export interface LookupItem {
  id: string;
  path: string;
}

const isMultiple = (type: string): type is MultipleLookupType =>
  (MULTIPLE_LOOKUP_TYPES as readonly string[]).includes(type);

/** The company's live items of some lookup types, found by path or (when unique) by name. */
export class LookupIndex {
  private readonly byPath = new Map<string, LookupItem>();
  private readonly byName = new Map<string, LookupItem[]>();
  private readonly byId = new Map<string, LookupItem & { type: string }>();

  constructor(rows: readonly { id: string; type: string; name: string; parentId: string | null }[]) {
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const pathOf = (id: string, depth = 0): string => {
      const row = rowById.get(id);
      if (!row) return '';
      const parent = row.parentId && depth < 10 ? pathOf(row.parentId, depth + 1) : '';
      return parent ? `${parent}${PATH_SEPARATOR}${row.name}` : row.name;
    };
    for (const row of rows) {
      const item = { id: row.id, path: pathOf(row.id) };
      this.byId.set(row.id, { ...item, type: row.type });
      this.byPath.set(`${row.type}|${normal(item.path)}`, item);
      const key = `${row.type}|${row.name.trim().toLowerCase()}`;
      this.byName.set(key, [...(this.byName.get(key) ?? []), item]);
    }
  }

  /** The item a source value names: its whole path, or a name only one item of the type has. */
  match(type: string, value: string): LookupItem | null {
    const byPath = this.byPath.get(`${type}|${normal(value)}`);
    if (byPath) return byPath;
    const named = splitPath(value).length === 1 ? this.byName.get(`${type}|${value.trim().toLowerCase()}`) : undefined;
    return named?.length === 1 ? (named[0] ?? null) : null;
  }

  item(type: string, id: string): LookupItem | null {
    const found = this.byId.get(id);
    return found && found.type === type ? { id: found.id, path: found.path } : null;
  }
}

export async function loadLookupIndex(tx: Tx, types: readonly string[]): Promise<LookupIndex> {
  if (types.length === 0) return new LookupIndex([]);
  const rows = await tx
    .select({ id: lookups.id, type: lookups.type, name: lookups.name, parentId: lookups.parentId })
    .from(lookups)
    .where(and(inArray(lookups.type, [...types]), isNull(lookups.deletedAt)));
  return new LookupIndex(rows);
}

/** What a source value becomes: an item, an item to create, nothing, or a refusal. */
export type Resolved =
  | { kind: 'item'; item: LookupItem }
  | { kind: 'create'; path: string }
  | { kind: 'empty' }
  | { kind: 'unknown' }
  | { kind: 'gone' };

/** The target chosen in the mapping wins; without one, the matching item. */
export function resolveValue(index: LookupIndex, mapping: ImportMapping, type: string, value: string): Resolved {
  const target: ImportValueTarget | undefined = mapping.values[type]?.[value.trim()];
  if (target?.action === 'existing') {
    const item = index.item(type, target.lookupId);
    return item ? { kind: 'item', item } : { kind: 'gone' };
  }
  if (target?.action === 'create') return { kind: 'create', path: splitPath(value).join(PATH_SEPARATOR) };
  if (target?.action === 'ignore') return { kind: 'empty' };
  const match = index.match(type, value);
  return match ? { kind: 'item', item: match } : { kind: 'unknown' };
}

/**
 * Creates the lookup items the mapping chose to create (each audited as an administrator's add
 * would be): a path creates its missing levels. Answers the new id of every created value.
 */
export async function createChosenItems(
  tx: Tx,
  principal: Principal,
  mapping: ImportMapping,
): Promise<Map<string, string>> {
  const created = new Map<string, string>();
  for (const [type, values] of Object.entries(mapping.values)) {
    const wanted = Object.entries(values).filter(([, target]) => target.action === 'create');
    if (wanted.length === 0) continue;
    let index = await loadLookupIndex(tx, [type]);
    for (const [value] of wanted) {
      const parts = splitPath(value);
      if (!isMultiple(type)) {
        const existing = index.match(type, value);
        const id = existing?.id ?? randomUUID();
        if (!existing) await createSingle(tx, principal, { id, type: type as never, name: value.trim(), active: true });
        created.set(`${type}|${value.trim()}`, id);
        continue;
      }
      let parentId: string | null = null;
      for (let level = 1; level <= Math.min(parts.length, maxLookupLevel(type)); level++) {
        const path = parts.slice(0, level).join(PATH_SEPARATOR);
        const existing = index.match(type, path);
        if (existing && splitPath(existing.path).length === level) {
          parentId = existing.id;
          continue;
        }
        const id = randomUUID();
        await createMultiple(tx, principal, { id, type, name: parts[level - 1] ?? '', active: true, parentId });
        parentId = id;
        index = await loadLookupIndex(tx, [type]);
      }
      if (parentId) created.set(`${type}|${value.trim()}`, parentId);
    }
  }
  return created;
}
