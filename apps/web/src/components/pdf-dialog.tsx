import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../lib/api-error';
import { PageLoader } from './page-loader';

export interface PdfDialogProps {
  open: boolean;
  /** The bar's title and the frame's ('Print Incident #12'). */
  title: string;
  /** The name Download saves the PDF under. */
  fileName: string;
  /** Fetches the PDF (made by the server) once the dialog opens; a new `loadKey` fetches it again. */
  load: () => Promise<Blob>;
  loadKey: string;
  /** Said before the server's message when the PDF cannot be made ('The incident could not be printed'). */
  failure: string;
  onClose: () => void;
}

/**
 * A PDF made by the server, full screen in a frame, with Download and Close: the incident print and
 * the ban notice. The PDF is fetched with the bearer token and shown from an object URL, released
 * on close.
 */
export function PdfDialog({ open, onClose, ...body }: PdfDialogProps) {
  const titleId = useId();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      {open && <PdfBody titleId={titleId} onClose={onClose} {...body} />}
    </Dialog>
  );
}

function PdfBody({
  titleId,
  title,
  fileName,
  load,
  loadKey,
  failure,
  onClose,
}: Omit<PdfDialogProps, 'open'> & { titleId: string }) {
  const fetchPdf = useMutation({ mutationFn: load });
  const [url, setUrl] = useState<string | null>(null);
  const { mutate } = fetchPdf;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey names what `load` fetches; a new function of the same key is the same PDF.
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    mutate(undefined, {
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
  }, [loadKey, mutate]);

  return (
    <>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
          {url && (
            <Button color="inherit" startIcon={<DownloadIcon />} href={url} download={fileName}>
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
        {!url && !fetchPdf.isError && <PageLoader />}
        {fetchPdf.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {failure}: {errorMessage(fetchPdf.error)}
          </Alert>
        )}
      </Box>
    </>
  );
}
