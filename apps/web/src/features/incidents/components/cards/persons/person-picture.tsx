import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useInitData } from '../../../../commons/api/get-init-data';
import { usePersonPictureUrl, useUploadPersonPicture } from '../../../api/upload-person-picture';
import { asId, asText } from '../fields/form-types';
import { fileSizeError, isImageFile } from '../file-limits';

// The cropper is loaded only when a picture is chosen.
const ConfirmImageDialog = lazy(() =>
  import('../../../../../components/confirm-image-dialog').then((module) => ({ default: module.ConfirmImageDialog })),
);

/** Initials of a name for the avatar shown without a picture. */
function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase();
}

/** The card's avatar: the picture uploaded in this page, else the person's initials. */
export function PersonAvatar({ index, size = 40 }: { index: number; size?: number }) {
  const [picture, first, last] = useWatch({
    name: [`persons.${index}.personPicture`, `persons.${index}.firstName`, `persons.${index}.lastName`],
  });
  const url = usePersonPictureUrl(asId(picture));
  return (
    <Avatar src={url} alt={url ? 'Person picture' : undefined} sx={{ width: size, height: size }}>
      {initials(asText(first), asText(last))}
    </Avatar>
  );
}

interface PersonPictureProps {
  index: number;
  workingCopyId: string;
}

/**
 * 'Add picture': choose an image (within the company's avatar size limit), crop it square in
 * 'Confirm Image' and upload it; the card keeps the storage key in personPicture.
 */
export function PersonPicture({ index, workingCopyId }: PersonPictureProps) {
  const { data } = useInitData();
  const { field } = useController({ name: `persons.${index}.personPicture` });
  const cardId = asText(useWatch({ name: `persons.${index}.id` }));
  const upload = useUploadPersonPicture();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [error, setError] = useState('');
  const hasPicture = Boolean(asId(field.value));
  const hasUrl = Boolean(usePersonPictureUrl(asId(field.value)));

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      setError('Choose an image file.');
      return;
    }
    const tooLarge = fileSizeError(file, data?.fileSizeLimit.maxAvatarFileSize);
    if (tooLarge) {
      setError(tooLarge);
      return;
    }
    setError('');
    setSource({ url: URL.createObjectURL(file), name: file.name });
  };

  const confirm = async (picture: Blob) => {
    const name = `${(source?.name ?? 'picture').replace(/\.[^.]+$/, '')}.jpg`;
    const answer = await upload.mutateAsync({
      personCardId: cardId,
      incidentId: workingCopyId,
      file: picture,
      fileName: name,
    });
    field.onChange(answer.fileName);
    setSource(null);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <PersonAvatar index={index} size={72} />
      <Box>
        <Button
          variant="outlined"
          startIcon={<AddAPhotoIcon />}
          onClick={() => inputRef.current?.click()}
          aria-describedby={error ? errorId : undefined}
        >
          {hasPicture ? 'Change picture' : 'Add picture'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          hidden
          aria-label="Picture file"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {hasPicture && !hasUrl && <FormHelperText>A picture is on file for this person.</FormHelperText>}
        {error && (
          <FormHelperText id={errorId} error>
            {error}
          </FormHelperText>
        )}
      </Box>
      {source && (
        <Suspense fallback={null}>
          <ConfirmImageDialog src={source.url} onConfirm={confirm} onClose={() => setSource(null)} />
        </Suspense>
      )}
    </Box>
  );
}
