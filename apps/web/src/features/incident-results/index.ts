/**
 * The shared incident results list (spec 1 §2 'Incident results list'): used by the dashboard's
 * incident cards and, later, the search page. Pages compose it with the viewer's dialogs.
 */

export { RESULT_COLUMNS, type ResultColumnId } from '@blotter/shared/presentation';
export type { ColumnState } from './columns/column-state';
export { defaultColumnState, normalizeColumnState, visibleColumns } from './columns/column-state';
export { type ResultDisplayContext, resultDisplayContext } from './columns/display-context';
export { DraftResultsList, type DraftResultsListProps } from './components/draft-results-list';
export {
  IncidentResultsList,
  type IncidentResultsListProps,
  type ListExporter,
} from './components/incident-results-list';
export type { TablePaging, TableSorting } from './components/results-table';
export { downloadBlob } from './export/csv';
export { type ExportProgress, fetchAllPages, type PageFetcher } from './export/fetch-all-pages';
export { useColumnState } from './hooks/use-column-state';
export { useListPage, useTablePaging } from './hooks/use-list-page';
