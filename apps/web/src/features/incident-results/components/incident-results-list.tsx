import type { IncidentRuleUser } from '@blotter/shared/incident-rules';
import type { ResultColumn } from '@blotter/shared/presentation';
import { incidentStatusLabel } from '@blotter/shared/presentation';
import type { IncidentRow } from '@blotter/shared/schemas/incidents';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { type ReactNode, useMemo, useState } from 'react';
import { type ColumnState, visibleColumns } from '../columns/column-state';
import type { ResultDisplayContext } from '../columns/display-context';
import type { ExportProgress, PageFetcher } from '../export/fetch-all-pages';
import { resultsCsv } from '../export/results-csv';
import { useColumnState } from '../hooks/use-column-state';
import { usePagedExport } from '../hooks/use-paged-export';
import { resultRowButtons } from '../row-actions';
import { ResultsTable, type TableColumn, type TablePaging, type TableSorting } from './results-table';
import { ResultsToolbar } from './results-toolbar';
import { RowActionButton } from './row-action-button';
import { SelectColumnsDialog } from './select-columns-dialog';

/** An export the page runs itself: its start and how far it got. */
export interface ListExporter {
  start: (columns: readonly ResultColumn[]) => void;
  progress: ExportProgress | undefined;
}

export interface IncidentResultsListProps {
  /** The incidents of the page shown, in the order to show them. */
  rows: readonly IncidentRow[];
  /** The page shown of the server-paged list, its total and the change of page. */
  paging: TablePaging;
  /** Reads any page of the whole list: the export reads them all (unless `exporter` exports instead). */
  fetchPage: PageFetcher<IncidentRow>;
  /** An export made elsewhere (the search's, streamed by the server), replacing the page-by-page one. */
  exporter?: ListExporter;
  /** The dialog or page title: the table's accessible name and the export's file name ('Open Incidents.csv'). */
  title: string;
  /** The signed-in user (session claims): decides Edit or View, Delete and Reopen per row. */
  user: IncidentRuleUser;
  /** Names and date format of the company (resultDisplayContext(initData)). */
  display: ResultDisplayContext;
  /** sessionStorage key under which this list keeps its chosen columns, e.g. 'blotter.columns.dashboard'. */
  columnsStorageKey: string;
  /** Offers 'Adjust columns' ('Select columns'); without it the columns stay as stored or default. */
  adjustable: boolean;
  /** The columns until the user chooses others (a saved search's); the spec 2 §3 defaults otherwise. */
  defaultColumns?: ColumnState;
  /** Columns held by the page (useColumnState): the list shows these and reports choices through onColumnsChange. */
  columns?: ColumnState;
  /** Told after 'Select columns' was confirmed (the search page saves them with a saved search). */
  onColumnsChange?: (columns: ColumnState) => void;
  onView: (row: IncidentRow) => void;
  /** Edit of a non-closed incident the user may edit. */
  onEdit: (row: IncidentRow) => void;
  /** Without it there is no Delete button; with it, one for users with INCIDENT_DELETE. */
  onDelete?: (row: IncidentRow) => void;
  /** Without it there is no Reopen button; with it, one on closed rows for OPEN_CLOSED_INCIDENT. */
  onReopen?: (row: IncidentRow) => void;
  /** More tools beside Adjust columns and Export to excel. */
  tools?: ReactNode;
  emptyText?: string;
  /** Sorting by the headers (the search's, on the server). */
  sorting?: TableSorting;
  /** The rows shown are not those asked for now: dimmed. */
  dimmed?: boolean;
}

/** Paths of a tree (class, location) and the summary wrap; a path is kept narrower than free text. */
const WRAPPED: Partial<Record<ResultColumn['id'], TableColumn<IncidentRow>['wrap']>> = {
  what: { minWidth: 140, maxWidth: 220 },
  location: { minWidth: 140, maxWidth: 220 },
  summary: { minWidth: 240, maxWidth: 480 },
};

/** Issue 31 §5: a subject named on the incident had an active ban, trespass notice or watch covering its location. */
function BannedSubjectFlag() {
  return (
    <Chip
      icon={<BlockIcon />}
      label="Banned subject"
      size="small"
      color="error"
      variant="outlined"
      // error.dark: error.main (#d32f2f) on a hovered row of the page's grey is 4.2:1, under WCAG AA's 4.5:1.
      sx={{
        ml: 1,
        verticalAlign: 'middle',
        color: 'error.dark',
        borderColor: 'error.dark',
        '& .MuiChip-icon': { color: 'error.dark' },
      }}
    />
  );
}

/** The first column carries the row's 'Banned subject' flag, whichever columns are chosen. */
function withFlag(column: TableColumn<IncidentRow>): TableColumn<IncidentRow> {
  const base = column.render ?? column.text;
  return {
    ...column,
    render: (row) =>
      row.bannedSubject ? (
        <>
          {base(row)}
          <BannedSubjectFlag />
        </>
      ) : (
        base(row)
      ),
  };
}

function tableColumn(column: ResultColumn, display: ResultDisplayContext): TableColumn<IncidentRow> {
  const text = (row: IncidentRow) => column.text(row, display);
  if (column.id === 'status') {
    return {
      id: column.id,
      header: column.header,
      text,
      render: (row) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {incidentStatusLabel(row.status)}
          {row.locked && <Chip icon={<LockIcon />} label="Locked" size="small" variant="outlined" />}
        </Box>
      ),
    };
  }
  return { id: column.id, header: column.header, text, wrap: WRAPPED[column.id] };
}

/**
 * The shared incident results list (spec 1 §2; dashboard cards, search results): configurable
 * columns kept in the browser session, CSV export of every row of the list (read page by page),
 * 10 rows a page read from the server, and per row Edit or
 * View, Delete and Reopen as the user's privileges allow.
 */
export function IncidentResultsList({
  rows,
  paging,
  fetchPage,
  title,
  user,
  display,
  columnsStorageKey,
  adjustable,
  defaultColumns,
  columns: heldColumns,
  onColumnsChange,
  exporter,
  onView,
  onEdit,
  onDelete,
  onReopen,
  tools,
  emptyText = 'No incidents.',
  sorting,
  dimmed,
}: IncidentResultsListProps) {
  const [ownColumnState, setOwnColumnState] = useColumnState(columnsStorageKey, defaultColumns);
  const columnState = heldColumns ?? ownColumnState;
  const [selecting, setSelecting] = useState(false);
  const columns = useMemo(() => visibleColumns(columnState), [columnState]);
  const tableColumns = useMemo(
    () =>
      columns.map((column, index) =>
        (index === 0 ? withFlag : (c: TableColumn<IncidentRow>) => c)(tableColumn(column, display)),
      ),
    [columns, display],
  );

  const exported = usePagedExport(title, fetchPage, (all) => resultsCsv(all, columns, display));

  const actions = (row: IncidentRow) => {
    const buttons = resultRowButtons(user, row, { delete: Boolean(onDelete), reopen: Boolean(onReopen) });
    return (
      <>
        {buttons.open === 'edit' ? (
          <RowActionButton
            label={`Edit incident #${row.number}`}
            tooltip="Edit"
            icon={<EditIcon fontSize="small" />}
            color="primary"
            onClick={() => onEdit(row)}
          />
        ) : (
          <RowActionButton
            label={`View incident #${row.number}`}
            tooltip="View"
            icon={<VisibilityIcon fontSize="small" />}
            color="primary"
            onClick={() => onView(row)}
          />
        )}
        {buttons.reopen && onReopen && (
          <RowActionButton
            label={`Reopen incident #${row.number}`}
            tooltip="Reopen"
            icon={<ReplayIcon fontSize="small" />}
            onClick={() => onReopen(row)}
          />
        )}
        {buttons.delete && onDelete && (
          <RowActionButton
            label={`Delete incident #${row.number}`}
            tooltip="Delete"
            icon={<DeleteIcon fontSize="small" />}
            color="error"
            onClick={() => onDelete(row)}
          />
        )}
      </>
    );
  };

  return (
    <>
      <ResultsToolbar
        onAdjustColumns={adjustable ? () => setSelecting(true) : undefined}
        onExport={exporter ? () => exporter.start(columns) : exported.start}
        exportDisabled={paging.total === 0}
        exportProgress={exporter ? exporter.progress : exported.progress}
      >
        {tools}
      </ResultsToolbar>
      <ResultsTable
        label={title}
        rows={rows}
        paging={paging}
        columns={tableColumns}
        rowKey={(row) => row.id}
        actions={actions}
        emptyText={emptyText}
        sorting={sorting}
        dimmed={dimmed}
      />
      {adjustable && (
        <SelectColumnsDialog
          open={selecting}
          value={columnState}
          onCancel={() => setSelecting(false)}
          onApply={(next) => {
            setSelecting(false);
            // Columns the page holds are stored by the page (told through onColumnsChange).
            if (!heldColumns) setOwnColumnState(next);
            onColumnsChange?.(next);
          }}
        />
      )}
    </>
  );
}
