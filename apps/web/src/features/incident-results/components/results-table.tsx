import { LIMITS } from '@blotter/shared/constants';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { type ReactNode, useState } from 'react';

/** A column of the table: its header, and its cell (the display text unless `render` says more). */
export interface TableColumn<Row> {
  id: string;
  header: string;
  text: (row: Row) => string;
  render?: (row: Row) => ReactNode;
  /** Long free text (the summary) wraps; every other cell stays on one line. */
  wrap?: boolean;
}

interface ResultsTableProps<Row> {
  /** The accessible name of the table (the dialog or page title). */
  label: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The buttons of a row, shown in the first column ('Actions'). */
  actions: (row: Row) => ReactNode;
  emptyText: string;
}

const PAGE_SIZE = LIMITS.pageSize;

/** A paged table (10 rows a page, spec 2 §9) with a column of row buttons first. */
export function ResultsTable<Row>({ label, rows, columns, rowKey, actions, emptyText }: ResultsTableProps<Row>) {
  const [page, setPage] = useState(0);
  // Rows can go away (a delete) while the last page is shown: stay on a page that exists.
  const lastPage = Math.max(0, Math.ceil(rows.length / PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = rows.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Actions</TableCell>
              {columns.map((column) => (
                <TableCell key={column.id} sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1} sx={{ color: 'text.secondary', py: 3 }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              pageRows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap', py: 0.25 }}>{actions(row)}</TableCell>
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      sx={column.wrap ? { minWidth: 240, maxWidth: 480 } : { whiteSpace: 'nowrap' }}
                    >
                      {column.render ? column.render(row) : column.text(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={shownPage}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next)}
      />
    </>
  );
}
