import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { incidentActions } from '@blotter/shared/incident-rules';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import {
  DEFAULT_SEARCH_SORT,
  isSearchSortColumn,
  SEARCH_SORT_COLUMNS,
  type SearchSort,
} from '@blotter/shared/schemas/search';
import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import {
  type ColumnState,
  IncidentResultsList,
  type PageFetcher,
  resultDisplayContext,
  useListPage,
  useTablePaging,
  visibleColumns,
} from '../../features/incident-results';
import { type SearchRun, searchRunPage, useSearchIncidents } from '../../features/search/api/search-incidents';
import { useInitData } from '../../lib/api/get-init-data';
import { useSession } from '../../lib/auth/session-context';
import { queryKeys } from '../../lib/query-keys';
import { IncidentActionDialogs, type QuestionState, type ViewerState } from '../dashboard/incident-action-dialogs';
import { SearchFoundLine } from './search-found-line';
import { useSearchExport } from './use-search-export';
import { useSearchTotal } from './use-search-total';

interface SearchResultsProps {
  /** The search run shown; a new run starts on its first page (the parent keys this by run). */
  run: SearchRun;
  /** The table's name and the export's title (the saved search's name, or 'Search results'). */
  title: string;
  columnsStorageKey: string;
  /** The columns, held by the page: a saved search saves them, the export writes them. */
  columns: ColumnState;
  onColumnsChange: (columns: ColumnState) => void;
  tools?: ReactNode;
  /** A header click asks for another sort (the page runs the search in it); without it the sort is only shown. */
  onSortChange?: (by: SearchSort['by']) => void;
  /**
   * The criteria changed since this run: the rows are dimmed, and Export to excel asks the page to
   * search first (`onStaleExport`) instead of exporting what no longer matches the criteria.
   */
  stale?: boolean;
  onStaleExport?: () => void;
  /** Told once, when the run's first page is shown, with a way to export it (an export asked for before it ran). */
  onShown?: (startExport: () => void) => void;
}

/**
 * The results of a search (spec 2 §2): 10 rows a page read from the server with the total, the
 * shared results list (columns, export of every row, view and edit in the viewer, reopen of a
 * closed incident after confirmation, then the editor).
 */
export function SearchResults({
  run,
  title,
  columnsStorageKey,
  columns,
  onColumnsChange,
  tools,
  onSortChange,
  stale = false,
  onStaleExport,
  onShown,
}: SearchResultsProps) {
  const { claims } = useSession();
  const initData = useInitData();
  const display = useMemo(() => (initData.data ? resultDisplayContext(initData.data) : undefined), [initData.data]);
  const listPage = useListPage();
  const params = { p: listPage.page, psz: listPage.pageSize };
  const results = useSearchIncidents(run, params);
  // The rows come first; the total comes with them when reading them told it, else from the count
  // asked beside the first page (the status line says 'Counting…' until then), or the exact count
  // asked for after a quick '1,000+'. A capped total does not end the paging: a short page does.
  const found = useSearchTotal(run, results.data);
  const known = found.known;
  const paging = useTablePaging(listPage, known?.total, known?.totalCapped);
  const fetchPage = useCallback<PageFetcher<IncidentRow>>(
    (p, psz, signal) => searchRunPage(run, { p, psz }, signal),
    [run],
  );
  const exporter = useSearchExport(run.request, title, known?.totalCapped ? undefined : known?.total);
  const queryClient = useQueryClient();
  const [viewer, setViewer] = useState<ViewerState | undefined>(undefined);
  const [question, setQuestion] = useState<QuestionState | undefined>(undefined);
  const loaded = results.data !== undefined;
  const told = useRef(false);
  useEffect(() => {
    if (!loaded || told.current) return;
    told.current = true;
    onShown?.(() => exporter.start(visibleColumns(columns)));
  });

  if (results.isError && !results.data) return <Alert severity="error">The search could not be run.</Alert>;
  if (!claims || !display || !results.data) return <PageLoader />;
  // The page shown is the page of the rows shown: while the next one loads, the pager still counts
  // the rows on screen (its 'x–y of n' changes with them, not before them).
  const { items, page } = results.data;
  const rows = items;
  const sort = run.request.sort ?? DEFAULT_SEARCH_SORT;

  const openViewer = (incidentId: string, mode: ViewerState['mode']) =>
    setViewer((current) => ({ seq: (current?.seq ?? 0) + 1, incidentId, mode, open: true }));

  return (
    <>
      <SearchFoundLine total={found} stale={stale} />
      <IncidentResultsList
        rows={rows}
        // While the total is counted the pager says '1–10 of more than 10' (MUI's unknown count).
        paging={{ ...paging, page, total: known ? paging.total : -1 }}
        fetchPage={fetchPage}
        exporter={stale && onStaleExport ? { start: onStaleExport, progress: exporter.progress } : exporter}
        sorting={{
          sort,
          sortable: SEARCH_SORT_COLUMNS,
          onSort: onSortChange && ((id) => isSearchSortColumn(id) && onSortChange(id)),
        }}
        dimmed={stale || results.isPlaceholderData}
        title={title}
        user={claims}
        display={display}
        columnsStorageKey={columnsStorageKey}
        columns={columns}
        onColumnsChange={onColumnsChange}
        adjustable
        onView={(row) => openViewer(row.id, 'view')}
        onEdit={(row) => openViewer(row.id, 'edit')}
        onReopen={(row) => setQuestion({ kind: 'reopen', incident: { id: row.id, number: row.number }, open: true })}
        tools={tools}
        emptyText="No incidents match the search criteria."
      />
      <IncidentActionDialogs
        viewer={viewer}
        question={question}
        onViewerClose={() => setViewer((current) => current && { ...current, open: false })}
        onQuestionClose={() => setQuestion((current) => current && { ...current, open: false })}
        onReopened={(id) => {
          // The row's status changed: the page shown is read again.
          void queryClient.invalidateQueries({ queryKey: queryKeys.search.all });
          // Spec 2 §4: a reopened incident opens in the editor, when the user may edit it.
          const row = rows.find((r) => r.id === id);
          const editable = row && incidentActions(claims, { ...row, status: INCIDENT_STATUS.OPEN }).edit;
          openViewer(id, editable ? 'edit' : 'view');
        }}
      />
    </>
  );
}
