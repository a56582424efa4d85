import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { errorMessage } from '../lib/api-error';
import { cropToBlob } from './crop-image';

interface ConfirmImageDialogProps {
  /** An object URL of the chosen image. */
  src: string;
  /** Uploads the cropped square; a rejection keeps the dialog open. */
  onConfirm: (picture: Blob) => Promise<void>;
  onClose: () => void;
}

/** 'Confirm Image': crops a picture to a square (aspect 1:1: person pictures, spec 1 §4; the profile avatar, spec 3 §9) before it is uploaded. */
export function ConfirmImageDialog({ src, onConfirm, onClose }: ConfirmImageDialogProps) {
  const titleId = useId();
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const confirm = async () => {
    if (!area) return;
    setBusy(true);
    setError('');
    try {
      await onConfirm(await cropToBlob(src, area));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Confirm Image</DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', height: { xs: 280, sm: 360 }, bgcolor: 'grey.900', borderRadius: 1 }}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            mediaProps={{ alt: 'Picture to crop' }}
          />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Typography id={zoomId} variant="body2">
            Zoom
          </Typography>
          <Slider
            value={zoom}
            min={1}
            max={3}
            step={0.05}
            aria-labelledby={zoomId}
            onChange={(_event, value) => setZoom(value as number)}
          />
        </Box>
        {busy && <LinearProgress aria-label="Uploading picture" sx={{ mt: 1 }} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy || !area}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
