import { PROFILE_MESSAGES } from '@blotter/shared/schemas/profile';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSquareImagePicker } from '../../../components/square-image-picker';
import { toastSuccess } from '../../../lib/toast';
import { useUploadAvatar } from '../api/upload-avatar';

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
  const picker = useSquareImagePicker({
    label: 'Profile picture file',
    validate: (file) => {
      if (!file.type.startsWith('image/')) return PROFILE_MESSAGES.avatarType;
      return file.size > maxMb * MB ? PROFILE_MESSAGES.avatarTooLarge(maxMb) : '';
    },
    fallbackName: 'avatar',
    onPicked: async (file, fileName) => {
      await upload.mutateAsync({ file, fileName });
      toastSuccess(PROFILE_MESSAGES.avatarUpdated);
    },
  });

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
      <Button variant="outlined" {...picker.buttonProps}>
        Change picture
      </Button>
      {picker.input}
      <Typography variant="caption" color="text.secondary">
        {PROFILE_MESSAGES.uploadLimit(maxMb)}
      </Typography>
      {picker.errorText}
      {picker.dialog}
    </Box>
  );
}
