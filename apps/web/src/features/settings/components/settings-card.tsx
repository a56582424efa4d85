import { FILE_SIZE_LIMITS_MB } from '@blotter/shared/constants';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import { useInitData } from '../../../lib/api/get-init-data';
import { useCompanySettings } from '../api/settings-api';
import { LogoSettings } from './logo-settings';
import { SettingsForm } from './settings-form';

/** The Settings card of /administration (spec 3 §2): company settings and the logo. */
export default function SettingsCard() {
  const settings = useCompanySettings();
  const init = useInitData();
  if (!settings.data) return settings.isPending ? <CircularProgress aria-label="Loading the settings" /> : null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SettingsForm settings={settings.data} countries={init.data?.countries ?? []} />
      <Divider />
      <LogoSettings
        logoImage={settings.data.logoImage}
        companyName={settings.data.companyName}
        maxMb={init.data?.fileSizeLimit.maxLogoFileSize ?? FILE_SIZE_LIMITS_MB.maxLogoFileSize}
      />
    </Box>
  );
}
