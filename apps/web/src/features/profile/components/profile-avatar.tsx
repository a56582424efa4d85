import { PROFILE_MESSAGES } from '@blotter/shared/schemas/profile';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { toastSuccess } from '../../../lib/toast';
import { useUploadAvatar } from '../api/upload-avatar';

// The cropper is loaded only when a picture is chosen.
const ConfirmImageDialog = lazy(() =>
  import('../../../components/confirm-image-dialog').then((module) => ({ default: module.ConfirmImageDialog })),
);

const MB = 1024 * 1024;

interface ProfileAvatarProps {
  /** A signed URL of the current picture, or null. */
  src: string | null;
  name: string;
  /** maxAvatarFileSize of initData, in MB. */
  maxMb: number;
}

/** The profile picture: choose an image within the limit, crop it square, upload it (spec 3 §2, §5, §9). */
export function ProfileAvatar({ src, name, maxMb }: ProfileAvatarProps) {
  const upload = useUploadAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [error, setError] = useState('');

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(PROFILE_MESSAGES.avatarType);
    if (file.size > maxMb * MB) return setError(PROFILE_MESSAGES.avatarTooLarge(maxMb));
    setError('');
    setSource({ url: URL.createObjectURL(file), name: file.name });
  };

  const confirm = async (picture: Blob) => {
    const fileName = `${(source?.name ?? 'avatar').replace(/\.[^.]+$/, '')}.jpg`;
    await upload.mutateAsync({ file: picture, fileName });
    setSource(null);
    toastSuccess(PROFILE_MESSAGES.avatarUpdated);
  };

  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', alignContent: 'start', gap: 1 }}>
      <Avatar
        src={src ?? undefined}
        alt={src ? `Profile picture of ${name}` : undefined}
        // The theme's contrast text on its primary colour: MUI's default grey fails WCAG 1.4.3.
        sx={{ width: 128, height: 128, fontSize: 40, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {name
          .split(/\s+/)
          .filter(Boolean)
          .map((part) => part[0]?.toUpperCase())
          .slice(0, 2)
          .join('')}
      </Avatar>
      <Button
        variant="outlined"
        onClick={() => inputRef.current?.click()}
        aria-describedby={error ? errorId : undefined}
      >
        Change picture
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        aria-label="Profile picture file"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {PROFILE_MESSAGES.uploadLimit(maxMb)}
      </Typography>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
      {source && (
        <Suspense fallback={null}>
          <ConfirmImageDialog src={source.url} onConfirm={confirm} onClose={() => setSource(null)} />
        </Suspense>
      )}
    </Box>
  );
}
