import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-error';
import { isIOS } from '../../../lib/device';
import { useAttachmentText } from '../api/get-attachment-text';
import { attachmentPreview, downloadUrl } from '../model/attachment-preview';
import type { ViewFile } from '../model/view-sections';
import { canZoomIn, canZoomOut, ZOOM, zoomIn, zoomOut } from '../model/zoom';

interface AttachmentViewerProps {
  /** The file shown; null closes the viewer. */
  file: (ViewFile & { url: string }) | null;
  onClose: () => void;
}

/**
 * The attachment viewer (spec 1 §2): full screen, the name and Download (not on iOS, which opens
 * files itself) in the title bar; images zoom in and out (minimum scale 0.2), text and PDF show
 * inline, video and audio play at once.
 */
export function AttachmentViewer({ file, onClose }: AttachmentViewerProps) {
  const titleId = useId();
  return (
    <Dialog fullScreen open={file !== null} onClose={onClose} aria-labelledby={titleId}>
      {file && <AttachmentViewerBody titleId={titleId} file={file} onClose={onClose} />}
    </Dialog>
  );
}

function AttachmentViewerBody({
  titleId,
  file,
  onClose,
}: {
  titleId: string;
  file: ViewFile & { url: string };
  onClose: () => void;
}) {
  const preview = attachmentPreview(file.type);
  const [scale, setScale] = useState<number>(ZOOM.initial);

  return (
    <>
      <AppBar position="sticky">
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" color="inherit" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
          <Typography id={titleId} component="h2" variant="h6" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {file.name}
          </Typography>
          {preview === 'image' && (
            <>
              <Tooltip title="Zoom out">
                <span>
                  <IconButton
                    color="inherit"
                    aria-label="Zoom out"
                    disabled={!canZoomOut(scale)}
                    onClick={() => setScale(zoomOut)}
                  >
                    <ZoomOutIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Typography variant="body2" aria-live="polite" sx={{ minWidth: 44, textAlign: 'center' }}>
                {Math.round(scale * 100)}%
              </Typography>
              <Tooltip title="Zoom in">
                <span>
                  <IconButton
                    color="inherit"
                    aria-label="Zoom in"
                    disabled={!canZoomIn(scale)}
                    onClick={() => setScale(zoomIn)}
                  >
                    <ZoomInIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Reset">
                <IconButton color="inherit" aria-label="Reset" onClick={() => setScale(ZOOM.initial)}>
                  <RestartAltIcon />
                </IconButton>
              </Tooltip>
            </>
          )}
          {!isIOS && (
            <Button color="inherit" startIcon={<DownloadIcon />} href={downloadUrl(file.url)} download>
              Download
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', bgcolor: 'grey.100' }}>
        <Preview file={file} preview={preview} scale={scale} />
      </Box>
    </>
  );
}

function Preview({
  file,
  preview,
  scale,
}: {
  file: ViewFile & { url: string };
  preview: ReturnType<typeof attachmentPreview>;
  scale: number;
}) {
  switch (preview) {
    case 'image':
      return (
        <Box tabIndex={0} sx={{ flex: 1, overflow: 'auto', display: 'grid', placeItems: 'center', p: 2 }}>
          <Box
            component="img"
            src={file.url}
            alt={file.name}
            sx={{
              maxWidth: '100%',
              maxHeight: '100%',
              transform: `scale(${scale})`,
              transformOrigin: 'center center',
              transition: 'transform 120ms ease-out',
            }}
          />
        </Box>
      );
    case 'text':
      return <TextPreview file={file} />;
    case 'pdf':
      return <Box component="iframe" title={file.name} src={file.url} sx={{ flex: 1, border: 0, width: '100%' }} />;
    case 'video':
      return (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', bgcolor: 'common.black' }}>
          <Box
            component="video"
            src={file.url}
            controls
            autoPlay
            aria-label={file.name}
            sx={{ maxWidth: '100%', maxHeight: '100%' }}
          />
        </Box>
      );
    case 'audio':
      return (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
          <Box
            component="audio"
            src={file.url}
            controls
            autoPlay
            aria-label={file.name}
            sx={{ width: 'min(100%, 480px)' }}
          />
        </Box>
      );
    default:
      return (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
          <Box>
            <FileTypeIcon type={file.type} size={72} />
            <Typography sx={{ mt: 1 }}>This file cannot be shown in the browser.</Typography>
            {isIOS ? (
              // iOS has no downloads folder: the system opens the file itself.
              <Button sx={{ mt: 2 }} variant="contained" href={file.url} target="_blank" rel="noopener noreferrer">
                Open {file.name}
              </Button>
            ) : (
              <Button
                sx={{ mt: 2 }}
                variant="contained"
                startIcon={<DownloadIcon />}
                href={downloadUrl(file.url)}
                download
              >
                Download {file.name}
              </Button>
            )}
          </Box>
        </Box>
      );
  }
}

function TextPreview({ file }: { file: ViewFile & { url: string } }) {
  const text = useAttachmentText(file.id, file.url);
  if (text.isPending) return <PageLoader />;
  if (text.isError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {errorMessage(text.error)}
      </Alert>
    );
  }
  return (
    <Box
      component="pre"
      tabIndex={0}
      aria-label={file.name}
      sx={{
        flex: 1,
        m: 0,
        p: 2,
        overflow: 'auto',
        bgcolor: 'background.paper',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.875rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {text.data}
    </Box>
  );
}
