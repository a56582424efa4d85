import type { PrivilegeHolder } from '@blotter/shared/privileges';
import type { DraftRow } from '@blotter/shared/schemas/incidents';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useMemo } from 'react';
import type { ResultDisplayContext } from '../columns/display-context';
import { DRAFT_COLUMNS } from '../columns/draft-columns';
import type { PageFetcher } from '../export/fetch-all-pages';
import { resultsCsv } from '../export/results-csv';
import { usePagedExport } from '../hooks/use-paged-export';
import { canWorkOnDraft } from '../row-actions';
import { ResultsTable, type TableColumn, type TablePaging } from './results-table';
import { ResultsToolbar } from './results-toolbar';
import { RowActionButton } from './row-action-button';

export interface DraftResultsListProps {
  /** The drafts of the page shown (the server sends the newest change first). */
  rows: readonly DraftRow[];
  /** The page shown of the server-paged list, its total and the change of page. */
  paging: TablePaging;
  /** Reads any page of the whole list: the export reads them all. */
  fetchPage: PageFetcher<DraftRow>;
  /** The dialog title: the table's accessible name and the export's file name ('Draft Incidents.csv'). */
  title: string;
  user: PrivilegeHolder;
  display: ResultDisplayContext;
  /** Continue the draft (the page goes to /newincident?draft=<id>). */
  onEdit: (row: DraftRow) => void;
  /** Delete the draft: the page asks for confirmation first. */
  onDelete: (row: DraftRow) => void;
  emptyText?: string;
}

/**
 * The Draft Incidents list (spec 2 §2): date created, last modified, what, number and status, the
 * newest change first; Export to excel but no Adjust columns; Edit and Delete draft per row for
 * users who may work on the draft (canWorkOnDraft).
 */
export function DraftResultsList({
  rows,
  paging,
  fetchPage,
  title,
  user,
  display,
  onEdit,
  onDelete,
  emptyText = 'No drafts.',
}: DraftResultsListProps) {
  const exported = usePagedExport(title, fetchPage, (all) => resultsCsv(all, DRAFT_COLUMNS, display));
  const columns = useMemo<TableColumn<DraftRow>[]>(
    () => DRAFT_COLUMNS.map((column) => ({ ...column, text: (row: DraftRow) => column.text(row, display) })),
    [display],
  );

  const actions = (row: DraftRow) => {
    if (!canWorkOnDraft(user, row)) return null;
    return (
      <>
        <RowActionButton
          label="Edit draft"
          tooltip="Edit"
          icon={<EditIcon fontSize="small" />}
          color="primary"
          onClick={() => onEdit(row)}
        />
        <RowActionButton
          label="Delete draft"
          tooltip="Delete draft"
          icon={<DeleteIcon fontSize="small" />}
          color="error"
          onClick={() => onDelete(row)}
        />
      </>
    );
  };

  return (
    <>
      <ResultsToolbar
        onExport={exported.start}
        exportDisabled={paging.total === 0}
        exportProgress={exported.progress}
      />
      <ResultsTable
        label={title}
        rows={rows}
        paging={paging}
        columns={columns}
        rowKey={(row) => row.id}
        actions={actions}
        emptyText={emptyText}
      />
    </>
  );
}
