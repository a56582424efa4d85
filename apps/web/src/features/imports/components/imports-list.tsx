import { formatDateTime } from '@blotter/shared/presentation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PagePagination } from '../../../components/page-pagination';
import { useImports } from '../api/get-imports';
import { countsText, STATUS_LABELS } from '../model/import-steps';

/** The company's earlier imports, paged on the server, each openable. */
export function ImportsList({ dateFormat, onOpen }: { dateFormat: number; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(0);
  const imports = useImports(page);
  if (imports.isError) return <Alert severity="error">The earlier imports could not be loaded.</Alert>;
  if (!imports.data) return null;
  if (imports.data.total === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>No imports yet.</Typography>;
  }
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Earlier imports">
          <TableHead>
            <TableRow>
              {['File', 'Uploaded', 'By', 'Status', 'Rows'].map((header) => (
                <TableCell key={header} sx={{ fontWeight: 500 }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {imports.data.items.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Button
                    size="small"
                    onClick={() => onOpen(item.id)}
                    sx={{ textTransform: 'none', textAlign: 'left' }}
                  >
                    {item.fileName}
                  </Button>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.createdAt, dateFormat)}</TableCell>
                <TableCell>{item.createdByName}</TableCell>
                <TableCell>{STATUS_LABELS[item.status]}</TableCell>
                <TableCell>{countsText(item.status, item.counts)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PagePagination page={imports.data} onPageChange={setPage} />
    </>
  );
}
