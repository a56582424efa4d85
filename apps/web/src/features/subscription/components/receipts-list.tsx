import { formatDate, formatMoney } from '@blotter/shared/presentation';
import type { Receipt } from '@blotter/shared/schemas/subscription';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { downloadBlob } from '../../../lib/download';
import { toastError } from '../../../lib/toast';
import { getReceiptPdf } from '../api/get-receipt-pdf';
import { useReceipts } from '../api/get-receipts';

const PAGE_SIZE = 10;
/** Columns a phone leaves out (the PDF has them). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function DownloadButton({ receipt }: { receipt: Receipt }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(`receipt-${receipt.number}.pdf`, await getReceiptPdf(receipt.id));
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : 'The receipt could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={download}
      disabled={busy}
      aria-label={`Download receipt ${receipt.number}`}
      sx={{ whiteSpace: 'nowrap', minWidth: 0 }}
    >
      Download
    </Button>
  );
}

/** The receipts of Billing Information: one per charge, newest first, paged on the server. */
export function ReceiptsList({ dateFormat }: { dateFormat: number }) {
  const [page, setPage] = useState(0);
  const receipts = useReceipts(page, PAGE_SIZE);
  const headers = ['Receipt', 'Paid on', 'Period', 'Users', 'Total', 'PDF'];
  return (
    <Box component="section" aria-label="Receipts" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500 }}>
        Receipts
      </Typography>
      {!receipts.data ? (
        receipts.isError ? null : (
          <CircularProgress aria-label="Loading the receipts" />
        )
      ) : (
        <>
          <TableContainer>
            {/* Narrower cell padding on a phone, so the four columns it keeps fit without scrolling. */}
            <Table size="small" aria-label="Receipts" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  {headers.map((header) => (
                    <TableCell key={header} sx={header === 'Period' || header === 'Users' ? WIDE_ONLY : undefined}>
                      {header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {receipts.data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={headers.length}>No receipts yet: each charge to the card adds one.</TableCell>
                  </TableRow>
                )}
                {receipts.data.items.map((receipt) => (
                  <TableRow key={receipt.id}>
                    <TableCell>#{receipt.number}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(receipt.paidAt, dateFormat)}</TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                      {formatDate(receipt.periodStart, dateFormat)} – {formatDate(receipt.periodEnd, dateFormat)}
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{receipt.concurrentUserCount}</TableCell>
                    <TableCell>{formatMoney(receipt.amount + receipt.tax)}</TableCell>
                    <TableCell>
                      <DownloadButton receipt={receipt} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {receipts.data.total > PAGE_SIZE && (
            <TablePagination
              component="div"
              count={receipts.data.total}
              page={receipts.data.page}
              rowsPerPage={receipts.data.pageSize}
              rowsPerPageOptions={[receipts.data.pageSize]}
              onPageChange={(_event, next) => setPage(next)}
            />
          )}
        </>
      )}
    </Box>
  );
}
