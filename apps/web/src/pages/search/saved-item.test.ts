import { describe, expect, it } from 'vitest';
import { savedItemFromState } from './saved-item';

const item = {
  id: 's1',
  name: 'Thefts north',
  description: '',
  criteria: { status: { logicalOperation: 'OR', values: [{ id: 'c', status: 1 }] } },
  columns: ['number', 'status'],
  sort: { by: 'occurredDate', direction: 'asc' },
  creationDate: '2026-11-24T04:00:00.000Z',
  lastUpdateDate: '2026-11-24T04:00:00.000Z',
  createUserName: 'Dana Whitfield',
};

describe('savedItemFromState', () => {
  it('reads a saved search and its type from the navigation state', () => {
    expect(savedItemFromState({ item, itemType: 'report' })).toEqual({ item, itemType: 'report' });
  });

  it('ignores anything else', () => {
    expect(savedItemFromState(null)).toBeUndefined();
    expect(savedItemFromState({ item, itemType: 'chart' })).toBeUndefined();
    expect(savedItemFromState({ item: { ...item, criteria: 'x' }, itemType: 'dashboard' })).toBeUndefined();
  });
});
