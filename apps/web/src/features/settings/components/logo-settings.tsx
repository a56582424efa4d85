import { SETTINGS_MESSAGES } from '@blotter/shared/schemas/account-settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteLogo, useUploadLogo } from '../api/settings-api';

const MB = 1024 * 1024;

interface LogoSettingsProps {
  logoImage: string | null;
  companyName: string;
  /** maxLogoFileSize of initData, in MB. */
  maxMb: number;
}

/** Logo upload (images only, within the size limit) and delete (spec 3 §2, §5). */
export function LogoSettings({ logoImage, companyName, maxMb }: LogoSettingsProps) {
  const inputId = useId();
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const busy = upload.isPending || remove.isPending;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return toastError(SETTINGS_MESSAGES.logoType);
    if (file.size > maxMb * MB) return toastError(SETTINGS_MESSAGES.logoTooLarge(maxMb));
    upload.mutate(file, { onSuccess: () => toastSuccess(SETTINGS_MESSAGES.logoUpdated) });
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Typography variant="subtitle1" component="h3">
        Company logo
      </Typography>
      {logoImage ? (
        <Box
          component="img"
          src={logoImage}
          alt={`${companyName} logo`}
          sx={{ maxHeight: 96, maxWidth: 240, objectFit: 'contain', border: 1, borderColor: 'divider', p: 0.5 }}
        />
      ) : (
        <Typography color="text.secondary">No logo uploaded.</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" disabled={busy}>
          Upload logo
          <input id={inputId} type="file" accept="image/*" hidden onChange={choose} aria-label="Logo image file" />
        </Button>
        {logoImage && (
          <Button
            color="error"
            disabled={busy}
            onClick={() => remove.mutate(undefined, { onSuccess: () => toastSuccess(SETTINGS_MESSAGES.logoUpdated) })}
          >
            Delete logo
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">{`* upload limit ${maxMb}MB`}</Typography>
    </Box>
  );
}
