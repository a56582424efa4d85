import { RESULT_COLUMNS } from '@blotter/shared/presentation';
import { describe, expect, it } from 'vitest';
import { choiceToSavedColumns, savedColumnsToChoice } from './saved-columns';

describe('saved columns', () => {
  it('shows a saved search columns in their order and hides the rest', () => {
    const choice = savedColumnsToChoice(['summary', 'number']);
    expect(choice?.slice(0, 3)).toEqual([
      { id: 'summary', visible: true },
      { id: 'number', visible: true },
      { id: 'reportedDate', visible: false },
    ]);
    expect(choice).toHaveLength(RESULT_COLUMNS.length);
    expect(choice && choiceToSavedColumns(choice)).toEqual(['summary', 'number']);
  });

  it('gives nothing for a saved search without columns', () => {
    expect(savedColumnsToChoice([])).toBeUndefined();
  });
});
