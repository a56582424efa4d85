import type { PrivilegeHolder } from '@blotter/shared/privileges';
import type { DraftRow } from '@blotter/shared/schemas/incidents';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useMemo } from 'react';
import type { ResultDisplayContext } from '../columns/display-context';
import { DRAFT_COLUMNS, sortDrafts } from '../columns/draft-columns';
import { csvFileName, downloadCsv } from '../export/csv';
import { resultsCsv } from '../export/results-csv';
import { canWorkOnDraft } from '../row-actions';
import { ResultsTable, type TableColumn } from './results-table';
import { ResultsToolbar } from './results-toolbar';
import { RowActionButton } from './row-action-button';

export interface DraftResultsListProps {
  rows: readonly DraftRow[];
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
  title,
  user,
  display,
  onEdit,
  onDelete,
  emptyText = 'No drafts.',
}: DraftResultsListProps) {
  const sorted = useMemo(() => sortDrafts(rows), [rows]);
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
        onExport={() => downloadCsv(csvFileName(title), resultsCsv(sorted, DRAFT_COLUMNS, display))}
        exportDisabled={sorted.length === 0}
      />
      <ResultsTable
        label={title}
        rows={sorted}
        columns={columns}
        rowKey={(row) => row.id}
        actions={actions}
        emptyText={emptyText}
      />
    </>
  );
}
