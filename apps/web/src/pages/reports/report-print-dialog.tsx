import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import {
  type ColumnState,
  type ExportProgress,
  fetchAllPages,
  resultDisplayContext,
  visibleColumns,
} from '../../features/incident-results';
import { getReportPdf } from '../../features/reports/api/get-report-pdf';
import { removeReportUpload } from '../../features/reports/api/remove-report-upload';
import { uploadReport } from '../../features/reports/api/upload-report';
import { PRINT_ROW_LIMIT, printLimitText, printRows } from '../../features/reports/model/print-rows';
import { type SearchRun, searchRunPage } from '../../features/search/api/search-incidents';
import { useInitData } from '../../lib/api/get-init-data';
import { errorMessage } from '../../lib/api-error';
import { browserTimeZone } from '../../lib/browser-time-zone';

/** Rows are read for the print this many at a time (the largest page the server answers). */
const PRINT_PAGE_SIZE = 100;

interface ReportPrintDialogProps {
  title: string;
  run: SearchRun;
  columns: ColumnState;
  open: boolean;
  onClose: () => void;
}

type PrintState =
  | { step: 'reading'; progress?: ExportProgress }
  | { step: 'rendering' }
  | { step: 'shown'; url: string }
  | { step: 'failed'; message: string };

/**
 * Print of a search report (spec 2 §4): its rows are read in the chosen columns, uploaded under a
 * new id (POST /reports), and the server's PDF of them (GET /reports/{id}) is shown in the viewer:
 * an 800x600 dialog whose embedded viewer is 810 px high. Closing removes the upload
 * (DELETE /reports/{id}); one nobody removed expires on the server within the hour.
 */
export default function ReportPrintDialog({ title, run, columns, open, onClose }: ReportPrintDialogProps) {
  const titleId = useId();
  const initData = useInitData();
  const [state, setState] = useState<PrintState>({ step: 'reading' });
  // What the search found (its first page says), to tell before printing how much of it is printed.
  const [found, setFound] = useState<{ total: number; capped: boolean } | undefined>(undefined);
  const display = initData.data ? resultDisplayContext(initData.data) : undefined;
  // The print runs once per opening (the dialog is mounted per Print click), with what it was opened on.
  const input = useRef({ title, run, columns });
  const ready = display !== undefined;
  const displayRef = useRef(display);
  displayRef.current = display;

  useEffect(() => {
    const context = displayRef.current;
    if (!ready || !context) return;
    const { title, run, columns } = input.current;
    const controller = new AbortController();
    const id = crypto.randomUUID();
    let uploaded = false;
    let objectUrl: string | undefined;
    (async () => {
      const rows = await fetchAllPages(
        async (p, psz, signal) => {
          const page = await searchRunPage(run, { p, psz }, signal);
          if (p === 0) setFound({ total: page.total, capped: page.totalCapped });
          return page;
        },
        PRINT_PAGE_SIZE,
        (progress) => setState({ step: 'reading', progress }),
        controller.signal,
        PRINT_ROW_LIMIT,
      );
      setState({ step: 'rendering' });
      const timezone = browserTimeZone();
      await uploadReport(
        {
          id,
          title,
          auditTitle: title,
          ...(timezone ? { timezone } : {}),
          data: printRows(rows, visibleColumns(columns), context),
        },
        controller.signal,
      );
      uploaded = true;
      const pdf = await getReportPdf(id, controller.signal);
      objectUrl = URL.createObjectURL(pdf);
      setState({ step: 'shown', url: objectUrl });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', message: errorMessage(error) });
    });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      // Spec 2 §7: the uploaded data is deleted when the viewer closes.
      if (uploaded) {
        removeReportUpload(id).catch((error: unknown) => console.error('The printed report was not removed.', error));
      }
    };
  }, [ready]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 800, height: 600, maxWidth: '100%', maxHeight: '100%' } } }}
    >
      <DialogTitle id={titleId}>Print: {title}</DialogTitle>
      <DialogContent dividers sx={{ p: state.step === 'shown' ? 0 : 2 }}>
        {state.step === 'reading' && (
          <Box role="status">
            <Typography gutterBottom>
              {state.progress
                ? `Reading rows: ${state.progress.loaded.toLocaleString('en-US')} of ${state.progress.total.toLocaleString('en-US')}`
                : 'Reading rows…'}
            </Typography>
            <LinearProgress
              aria-label="Reading rows"
              variant={state.progress?.total ? 'determinate' : 'indeterminate'}
              value={state.progress?.total ? (100 * state.progress.loaded) / state.progress.total : 0}
            />
          </Box>
        )}
        {state.step === 'rendering' && (
          <Box role="status">
            <Typography gutterBottom>Preparing the PDF…</Typography>
            <LinearProgress aria-label="Preparing the PDF" />
          </Box>
        )}
        {state.step === 'shown' && (
          <Box
            component="iframe"
            title={`Report: ${title}`}
            src={state.url}
            sx={{ border: 0, width: '100%', height: 810 }}
          />
        )}
        {state.step === 'failed' && <Alert severity="error">The report could not be printed: {state.message}</Alert>}
      </DialogContent>
      <DialogActions>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
          {printLimitText(found)}
        </Typography>
        {state.step === 'shown' && (
          <Button startIcon={<DownloadIcon />} href={state.url} download={`${title}.pdf`}>
            Download
          </Button>
        )}
        <Button startIcon={<CloseIcon />} onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
