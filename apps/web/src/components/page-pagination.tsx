import TablePagination from '@mui/material/TablePagination';

/** Where a server page stands: the shared page shape's counts (`pageOf` in @blotter/shared). */
export interface PagePosition {
  total: number;
  page: number;
  pageSize: number;
}

/** The pager of a list paged on the server: its page size fixed by the page the server answered. */
export function PagePagination({ page, onPageChange }: { page: PagePosition; onPageChange: (page: number) => void }) {
  return (
    <TablePagination
      component="div"
      count={page.total}
      page={page.page}
      rowsPerPage={page.pageSize}
      rowsPerPageOptions={[page.pageSize]}
      onPageChange={(_event, next) => onPageChange(next)}
    />
  );
}
