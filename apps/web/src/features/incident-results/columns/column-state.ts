import {
  isResultColumnId,
  RESULT_COLUMNS,
  type ResultColumn,
  type ResultColumnId,
  resultColumn,
} from '@blotter/shared/presentation';

/** One entry per result column, in display order, with whether it is shown. */
export type ColumnState = readonly { id: ResultColumnId; visible: boolean }[];

/** Spec 2 §3: the default order, the first eight checked. */
export function defaultColumnState(): ColumnState {
  return RESULT_COLUMNS.map(({ id, defaultVisible }) => ({ id, visible: defaultVisible }));
}

/**
 * A column state from anything (a stored value, a saved search): unknown and repeated ids are
 * dropped, and columns it does not mention are appended with their default visibility, so a column
 * added in a later version shows up in old browser sessions too. Falls back to `fallback` when the
 * value is unusable or shows no column at all.
 */
export function normalizeColumnState(value: unknown, fallback: ColumnState = defaultColumnState()): ColumnState {
  if (!Array.isArray(value)) return fallback;
  const seen = new Set<ResultColumnId>();
  const entries: { id: ResultColumnId; visible: boolean }[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, visible } = entry as { id?: unknown; visible?: unknown };
    if (!isResultColumnId(id) || seen.has(id)) continue;
    seen.add(id);
    entries.push({ id, visible: visible === true });
  }
  if (!entries.some((entry) => entry.visible)) return fallback;
  for (const column of RESULT_COLUMNS) {
    if (!seen.has(column.id)) entries.push({ id: column.id, visible: column.defaultVisible });
  }
  return entries;
}

/** Reads a JSON text written by serializeColumnState; anything else gives the fallback. */
export function parseColumnState(text: string | null | undefined, fallback?: ColumnState): ColumnState {
  if (!text) return fallback ?? defaultColumnState();
  try {
    return normalizeColumnState(JSON.parse(text), fallback);
  } catch {
    return fallback ?? defaultColumnState();
  }
}

export function serializeColumnState(state: ColumnState): string {
  return JSON.stringify(state.map(({ id, visible }) => ({ id, visible })));
}

/** The shown columns in the chosen order. */
export function visibleColumns(state: ColumnState): ResultColumn[] {
  return state.filter((entry) => entry.visible).map((entry) => resultColumn(entry.id));
}

export function setColumnVisible(state: ColumnState, id: ResultColumnId, visible: boolean): ColumnState {
  return state.map((entry) => (entry.id === id ? { ...entry, visible } : entry));
}

/** Moves the column `id` to where `overId` is (the drop of a drag, or a keyboard move). */
export function moveColumn(state: ColumnState, id: ResultColumnId, overId: ResultColumnId): ColumnState {
  const from = state.findIndex((entry) => entry.id === id);
  const to = state.findIndex((entry) => entry.id === overId);
  if (from < 0 || to < 0 || from === to) return state;
  const next = [...state];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** OK in 'Select columns' needs at least one checked column. */
export function hasVisibleColumn(state: ColumnState): boolean {
  return state.some((entry) => entry.visible);
}

export function sameColumnState(a: ColumnState, b: ColumnState): boolean {
  return a.length === b.length && a.every((entry, i) => entry.id === b[i]?.id && entry.visible === b[i]?.visible);
}

/** The browser-session store of a list's columns (spec 1 §4: the order is kept in the browser session). */
export interface ColumnStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readColumnState(store: ColumnStore | undefined, key: string, fallback?: ColumnState): ColumnState {
  try {
    return parseColumnState(store?.getItem(key), fallback);
  } catch {
    // Storage can be unavailable (privacy modes): the list still works for this page.
    return fallback ?? defaultColumnState();
  }
}

export function writeColumnState(store: ColumnStore | undefined, key: string, state: ColumnState): void {
  try {
    store?.setItem(key, serializeColumnState(state));
  } catch {
    // A full or disabled storage only means the choice is not remembered.
  }
}
