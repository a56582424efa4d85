import { describe, expect, it } from 'vitest';
import {
  type ColumnStore,
  defaultColumnState,
  hasVisibleColumn,
  moveColumn,
  normalizeColumnState,
  parseColumnState,
  readColumnState,
  serializeColumnState,
  setColumnVisible,
  visibleColumns,
  writeColumnState,
} from './column-state';

const headers = (state: ReturnType<typeof defaultColumnState>) => visibleColumns(state).map((c) => c.header);

function memoryStore(): ColumnStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe('default columns (spec 2 §3)', () => {
  it('shows the eight default columns in order and hides the rest', () => {
    const state = defaultColumnState();
    expect(headers(state)).toEqual([
      'Number',
      'Date reported',
      'Date occurred',
      'What',
      'Severity',
      'Entered by',
      'Assigned to',
      'Status',
    ]);
    expect(state.filter((e) => !e.visible).map((e) => e.id)).toEqual([
      'location',
      'summary',
      'persons',
      'legalEntities',
      'vehicles',
      'items',
      'correctiveActions',
    ]);
  });
});

describe('changing columns', () => {
  it('moves a column to the position of another, both ways', () => {
    const down = moveColumn(defaultColumnState(), 'number', 'what');
    expect(headers(down).slice(0, 4)).toEqual(['Date reported', 'Date occurred', 'What', 'Number']);
    const up = moveColumn(defaultColumnState(), 'status', 'number');
    expect(headers(up).slice(0, 2)).toEqual(['Status', 'Number']);
  });

  it('ignores a move onto itself or an unknown place', () => {
    const state = defaultColumnState();
    expect(moveColumn(state, 'number', 'number')).toBe(state);
  });

  it('checks and unchecks a column, keeping its place', () => {
    const state = setColumnVisible(setColumnVisible(defaultColumnState(), 'summary', true), 'severity', false);
    expect(headers(state)).toEqual([
      'Number',
      'Date reported',
      'Date occurred',
      'What',
      'Entered by',
      'Assigned to',
      'Status',
      'Summary',
    ]);
  });

  it('needs at least one visible column', () => {
    const none = defaultColumnState().map((e) => ({ ...e, visible: false }));
    expect(hasVisibleColumn(none)).toBe(false);
    expect(hasVisibleColumn(defaultColumnState())).toBe(true);
  });
});

describe('stored columns', () => {
  it('round-trips order and visibility', () => {
    const chosen = setColumnVisible(moveColumn(defaultColumnState(), 'summary', 'number'), 'what', false);
    expect(parseColumnState(serializeColumnState(chosen))).toEqual(chosen);
  });

  it('falls back to the defaults for missing, broken or empty values', () => {
    expect(parseColumnState(null)).toEqual(defaultColumnState());
    expect(parseColumnState('{not json')).toEqual(defaultColumnState());
    expect(parseColumnState('{"id":"number"}')).toEqual(defaultColumnState());
    expect(parseColumnState('[{"id":"number","visible":false}]')).toEqual(defaultColumnState());
  });

  it('drops unknown and repeated columns and appends the ones it does not mention', () => {
    const state = normalizeColumnState([
      { id: 'status', visible: true },
      { id: 'gone', visible: true },
      { id: 'status', visible: false },
      { id: 'summary', visible: true },
    ]);
    expect(state).toHaveLength(15);
    expect(state.slice(0, 2)).toEqual([
      { id: 'status', visible: true },
      { id: 'summary', visible: true },
    ]);
    // The rest follow in default order with default visibility.
    expect(state[2]).toEqual({ id: 'number', visible: true });
    expect(state.at(-1)).toEqual({ id: 'correctiveActions', visible: false });
  });

  it('uses the given fallback (a saved search) until something is stored', () => {
    const store = memoryStore();
    const fallback = setColumnVisible(defaultColumnState(), 'persons', true);
    expect(readColumnState(store, 'list', fallback)).toBe(fallback);
    const chosen = moveColumn(defaultColumnState(), 'what', 'number');
    writeColumnState(store, 'list', chosen);
    expect(readColumnState(store, 'list', fallback)).toEqual(chosen);
    expect(readColumnState(store, 'other list')).toEqual(defaultColumnState());
  });

  it('keeps working when the storage refuses', () => {
    const broken: ColumnStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readColumnState(broken, 'list')).toEqual(defaultColumnState());
    expect(() => writeColumnState(broken, 'list', defaultColumnState())).not.toThrow();
  });
});
