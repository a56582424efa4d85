import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A column of the table: its header, and its cell (the display text unless `render` says more). */
export interface TableColumn<Row> {
  id: string;
  header: string;
  text: (row: Row) => string;
  render?: (row: Row) => ReactNode;
  /**
   * Long free text (the summary) wraps, and so does a lookup path ('Security / Theft / …') where the
   * table would be wider than its place; every other cell stays on one line.
   */
  wrap?: 'text' | 'path';
}

/** The widths of the cells that wrap: a path takes its full width when the table has room. */
const WRAPPED = { text: { minWidth: 240, maxWidth: 480 }, path: { minWidth: 160 } } as const;

/** The page of a server-paged list the table shows. */
export interface TablePaging {
  /** The page shown, from 0. */
  page: number;
  pageSize: number;
  /** Rows of the whole list. */
  total: number;
  /** More rows match than `total` says (a search counts up to 10,000): the pager reads '10,000+'. */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
}

interface ResultsTableProps<Row> {
  /** The accessible name of the table (the dialog or page title). */
  label: string;
  /** The rows of the page shown. */
  rows: readonly Row[];
  paging: TablePaging;
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The buttons of a row, shown in the first column ('Actions'). */
  actions: (row: Row) => ReactNode;
  emptyText: string;
}

/** A table of one page of a server-paged list (10 rows a page, spec 2 §9) with a column of row buttons first. */
export function ResultsTable<Row>({
  label,
  rows,
  paging,
  columns,
  rowKey,
  actions,
  emptyText,
}: ResultsTableProps<Row>) {
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
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1} sx={{ color: 'text.secondary', py: 3 }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap', py: 0.25 }}>{actions(row)}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.id} sx={column.wrap ? WRAPPED[column.wrap] : { whiteSpace: 'nowrap' }}>
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
        count={paging.total}
        page={paging.page}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={[paging.pageSize]}
        onPageChange={(_event, next) => paging.onPageChange(next)}
        labelDisplayedRows={({ from, to, count }) =>
          `${from}–${to} of ${paging.totalCapped ? `${count.toLocaleString('en-US')}+` : count}`
        }
      />
    </>
  );
}
