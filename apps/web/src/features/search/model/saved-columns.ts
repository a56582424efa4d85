import { RESULT_COLUMNS, type ResultColumnId } from '@blotter/shared/presentation';

/** One entry per result column, in display order, with whether it is shown (the results list's column state). */
export type ColumnChoice = readonly { id: ResultColumnId; visible: boolean }[];

/**
 * A saved search's columns (the shown ones, in order) as the results list's column state: those
 * columns shown in that order, every other one after them hidden; undefined when it names none
 * (then the list keeps the session's or the default columns).
 */
export function savedColumnsToChoice(columns: readonly ResultColumnId[]): ColumnChoice | undefined {
  const shown = [...new Set(columns)].filter((id) => RESULT_COLUMNS.some((column) => column.id === id));
  if (shown.length === 0) return undefined;
  return [
    ...shown.map((id) => ({ id, visible: true })),
    ...RESULT_COLUMNS.filter((column) => !shown.includes(column.id)).map((column) => ({
      id: column.id,
      visible: false,
    })),
  ];
}

/** The shown columns of a column state, in order: what a saved search and the CSV export take. */
export function choiceToSavedColumns(choice: ColumnChoice): ResultColumnId[] {
  return choice.filter((entry) => entry.visible).map((entry) => entry.id);
}

/** sessionStorage key of the columns chosen for one saved search's results on the dashboard. */
export const savedSearchColumnsKey = (id: string) => `blotter.resultColumns.savedSearch.${id}`;
