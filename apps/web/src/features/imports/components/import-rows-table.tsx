import type { ImportRowOutcome } from '@blotter/shared/schemas/imports';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagePagination } from '../../../components/page-pagination';
import { useImportRows } from '../api/get-import-rows';

const OUTCOME_LABELS: Record<ImportRowOutcome, string> = {
  refused: 'Refused',
  created: 'Created',
  skipped: 'Skipped (imported before)',
};

interface ImportRowsTableProps {
  importId: string;
  outcome?: ImportRowOutcome;
  /** The table's accessible name. */
  label: string;
  emptyText: string;
}

/** The rows of the last dry run or import, paged on the server: outcome, reason, the incident made. */
export function ImportRowsTable({ importId, outcome, label, emptyText }: ImportRowsTableProps) {
  const [page, setPage] = useState(0);
  const rows = useImportRows(importId, outcome, page);
  if (rows.isError) return <Alert severity="error">{rows.error.message}</Alert>;
  if (!rows.data) return null;
  if (rows.data.total === 0) return <Typography sx={{ color: 'text.secondary' }}>{emptyText}</Typography>;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {['Sheet', 'Row', 'Reference', ...(outcome ? [] : ['Outcome']), 'Reason'].map((header) => (
                <TableCell key={header} sx={{ fontWeight: 500 }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data.items.map((row) => (
              <TableRow key={`${row.sheet}-${row.rowNumber}`}>
                <TableCell>{row.sheet}</TableCell>
                <TableCell>{row.rowNumber}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.incidentId ? (
                    <Link component={RouterLink} to={`/incident/${row.incidentId}`}>
                      {row.sourceRef}
                    </Link>
                  ) : (
                    row.sourceRef
                  )}
                </TableCell>
                {!outcome && <TableCell>{OUTCOME_LABELS[row.outcome]}</TableCell>}
                <TableCell
                  sx={{ color: row.outcome === 'refused' ? 'error.main' : undefined, overflowWrap: 'anywhere' }}
                >
                  {row.reason}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PagePagination page={rows.data} onPageChange={setPage} />
    </>
  );
}
