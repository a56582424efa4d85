import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-error';
import { usePrintIncident } from '../api/print-incident';

interface PrintDialogProps {
  incident: { id: string; number: number };
  open: boolean;
  onClose: () => void;
}

/**
 * 'Print Incident #N': the incident's PDF (made by the server) in a frame, with Download and Close.
 * The PDF is fetched with the bearer token and shown from an object URL, released on close.
 */
export function PrintDialog({ incident, open, onClose }: PrintDialogProps) {
  const titleId = useId();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      {open && <PrintBody titleId={titleId} incident={incident} onClose={onClose} />}
    </Dialog>
  );
}

function PrintBody({ titleId, incident, onClose }: Omit<PrintDialogProps, 'open'> & { titleId: string }) {
  const print = usePrintIncident();
  const [url, setUrl] = useState<string | null>(null);
  const { mutate } = print;

  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    mutate(incident.id, {
      onSuccess: (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [incident.id, mutate]);

  const title = `Print Incident #${incident.number}`;
  return (
    <>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          {url && (
            <Button
              color="inherit"
              startIcon={<DownloadIcon />}
              href={url}
              download={`incident-${incident.number}.pdf`}
            >
              Download
            </Button>
          )}
          <Button color="inherit" startIcon={<CloseIcon />} onClick={onClose}>
            Close
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }}>
        {url && <Box component="iframe" title={title} src={url} sx={{ flex: 1, border: 0, width: '100%' }} />}
        {!url && !print.isError && <PageLoader />}
        {print.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            The incident could not be printed: {errorMessage(print.error)}
          </Alert>
        )}
      </Box>
    </>
  );
}
