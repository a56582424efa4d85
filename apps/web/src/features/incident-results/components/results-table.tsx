import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';

/** A column of the table: its header, and its cell (the display text unless `render` says more). */
export interface TableColumn<Row> {
  id: string;
  header: string;
  text: (row: Row) => string;
  render?: (row: Row) => ReactNode;
  /**
   * Long texts (the summary, class and location paths) wrap within these widths (px); every other
   * cell stays on one line.
   */
  wrap?: { minWidth: number; maxWidth: number };
}

/** The column the rows are sorted by, and which way. */
export interface TableSort {
  by: string;
  direction: 'asc' | 'desc';
}

/** Sorting by a column's header: the columns that can be, the sort shown, and the click. */
export interface TableSorting {
  sort: TableSort;
  sortable: readonly string[];
  /** Without it the sort is shown but the headers are not buttons. */
  onSort?: (columnId: string) => void;
}

/** The page of a server-paged list the table shows. */
export interface TablePaging {
  /** The page shown, from 0. */
  page: number;
  pageSize: number;
  /** Rows of the whole list; -1 while they are being counted (the pager reads 'of more than n'). */
  total: number;
  /**
   * More rows match than `total` says (a search counts up to 10,000, texts quickly up to 1,000): the
   * pager reads '1,000+' and Next stays enabled (a short page ends the list).
   */
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
  sorting?: TableSorting;
  /** The rows are not those of what is asked for now (out of date, or the next page loading): shown in grey. */
  dimmed?: boolean;
}

function HeaderCell({ id, header, sorting }: { id: string; header: string; sorting: TableSorting | undefined }) {
  const sorted = sorting?.sort.by === id ? sorting.sort.direction : undefined;
  const label =
    sorting?.onSort && sorting.sortable.includes(id) ? (
      <TableSortLabel active={sorted !== undefined} direction={sorted ?? 'desc'} onClick={() => sorting.onSort?.(id)}>
        {header}
      </TableSortLabel>
    ) : (
      header
    );
  return (
    <TableCell
      sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
    >
      {label}
    </TableCell>
  );
}

/** The pager's '1–10 of 12', '1–10 of 1,000+' (capped), '1–10 of more than 10' (not counted yet, or past a capped total). */
export function displayedRows(
  from: number,
  to: number,
  { total, totalCapped }: Pick<TablePaging, 'total' | 'totalCapped'>,
) {
  if (total === -1 || (totalCapped && to > total)) return `${from}–${to} of more than ${to}`;
  return `${from}–${to} of ${totalCapped ? `${total.toLocaleString('en-US')}+` : total}`;
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
  sorting,
  dimmed = false,
}: ResultsTableProps<Row>) {
  return (
    <>
      <TableContainer>
        {/* Dimmed by a grey text rather than opacity, so the rows stay readable (WCAG AA contrast). */}
        <Table size="small" aria-label={label} sx={dimmed ? { '& td, & th': { color: 'text.secondary' } } : undefined}>
          <TableHead>
            <TableRow>
              <TableCell>Actions</TableCell>
              {columns.map((column) => (
                <HeaderCell key={column.id} id={column.id} header={column.header} sorting={sorting} />
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
                    <TableCell key={column.id} sx={column.wrap ?? { whiteSpace: 'nowrap' }}>
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
        // A capped total is no last page: MUI's unknown count (-1) keeps Next enabled.
        count={paging.totalCapped ? -1 : paging.total}
        page={paging.page}
        rowsPerPage={paging.pageSize}
        rowsPerPageOptions={[paging.pageSize]}
        onPageChange={(_event, next) => paging.onPageChange(next)}
        labelDisplayedRows={({ from, to }) => displayedRows(from, to, paging)}
      />
    </>
  );
}
