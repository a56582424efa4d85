import { formatDateTime } from '@blotter/shared/presentation';
import type { AuditEntry, AuditPage } from '@blotter/shared/schemas/audit';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { auditTypeLabel, detailKindOf, transactionLabel } from '../model/audit-labels';

interface AuditTableProps {
  page: AuditPage;
  dateFormat: number;
  onPageChange: (page: number) => void;
  onDetail: (entry: AuditEntry) => void;
}

const HEADERS = ['Audit type', 'Name', 'Transaction type', 'User name', 'Transaction date', 'Detail'];

/** The audit entries of the search, 10 a page (spec 3 §2 Audit card). */
export function AuditTable({ page, dateFormat, onPageChange, onDetail }: AuditTableProps) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Audit entries">
          <TableHead>
            <TableRow>
              {HEADERS.map((header) => (
                <TableCell key={header}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {page.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={HEADERS.length}>No audit entries in this period.</TableCell>
              </TableRow>
            )}
            {page.items.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{auditTypeLabel(entry.objectType)}</TableCell>
                <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{entry.objectName}</TableCell>
                <TableCell>{transactionLabel(entry)}</TableCell>
                <TableCell>{entry.createUserName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createUserTime, dateFormat)}</TableCell>
                <TableCell>
                  {detailKindOf(entry) && (
                    <Button
                      size="small"
                      onClick={() => onDetail(entry)}
                      aria-label={`Detail of ${auditTypeLabel(entry.objectType)} ${entry.objectName}`}
                    >
                      Detail
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={page.total}
        page={page.page}
        rowsPerPage={page.pageSize}
        rowsPerPageOptions={[page.pageSize]}
        onPageChange={(_event, next) => onPageChange(next)}
      />
    </>
  );
}
