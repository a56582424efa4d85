import type { AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { resizePhoto } from '../../../../lib/offline/photo';
import { toastError } from '../../../../lib/toast';
import { type AttachmentScope, useFormAttachments } from '../../components/cards/attachments/use-form-attachments';
import { nextRunningName } from '../../components/cards/running-number';
import type { OfflineCapture } from '../offline-capture';
import { getPhoto, putPhoto } from '../outbox';

interface OfflinePhotoListProps {
  capture: OfflineCapture;
  scope: AttachmentScope;
  renderAdd?: ((button: ReactNode) => ReactNode) | undefined;
  emptyText?: string | undefined;
}

/** One photo kept on the phone: decrypted for as long as it is on screen. */
function PhotoCard({
  capture,
  photo,
  onRemove,
}: {
  capture: OfflineCapture;
  photo: AttachmentRef;
  onRemove: () => void;
}) {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    let made: string | undefined;
    let live = true;
    void getPhoto(capture.identity, photo.id).then((blob) => {
      if (!blob || !live) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [capture.identity, photo.id]);
  return (
    <Card variant="outlined">
      {url && <CardMedia component="img" image={url} alt={photo.name} sx={{ height: 140, objectFit: 'cover' }} />}
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="body2">{photo.name}</Typography>
      </CardContent>
      <CardActions>
        <Button color="error" size="small" onClick={onRemove}>
          Remove
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * Photos of an incident recorded offline (issue 30): taken with the camera (or chosen), resized on
 * the phone to at most 600 KB, kept sealed in its outbox, uploaded when the incident is sent.
 */
export default function OfflinePhotoList({ capture, scope, renderAdd, emptyText }: OfflinePhotoListProps) {
  const { refs, allNames, add, remove } = useFormAttachments(scope);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const take = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setBusy(true);
    try {
      const names = allNames();
      for (const file of files) {
        const { blob } = await resizePhoto(file);
        const id = crypto.randomUUID();
        await putPhoto(capture.identity, capture.itemId, id, blob);
        const name = nextRunningName('Photo', names);
        names.push(name);
        add({
          id,
          name,
          comments: '',
          incidentItemId: scope.incidentItemId,
          incidentVehicleId: scope.incidentVehicleId,
        });
      }
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'The photo could not be kept.');
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button component="label" htmlFor={inputId} startIcon={<PhotoCameraIcon />} disabled={busy}>
      {busy ? 'Keeping the photo…' : 'Take photo'}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        onChange={(event) => void take(event)}
      />
    </Button>
  );

  return (
    <Box>
      {renderAdd ? renderAdd(button) : <Box sx={{ mb: 1 }}>{button}</Box>}
      {refs.length === 0 && emptyText && (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      )}
      {refs.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {refs.map((ref) => (
            <PhotoCard
              key={ref.id}
              capture={capture}
              photo={ref}
              // The photo itself goes at Save (prunePhotos) or with the item: removed here at once, a
              // tab killed before the form's next write would leave a reference to nothing.
              onRemove={() => remove(ref.id)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
