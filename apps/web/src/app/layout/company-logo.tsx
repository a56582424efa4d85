import Box from '@mui/material/Box';
import { useState } from 'react';
import { useInitData } from '../../lib/api/get-init-data';

/** The company's logo in the header, when it has one (Settings card, spec 3 §2). */
export function CompanyLogo() {
  const settings = useInitData().data?.companySettings;
  const [failed, setFailed] = useState<string | null>(null);
  const src = settings?.logoImage;
  // A signed URL that expired before the image loaded is skipped rather than shown broken.
  if (!src || failed === src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={`${settings.companyName} logo`}
      onError={() => setFailed(src)}
      sx={{ height: 36, maxWidth: 120, objectFit: 'contain', bgcolor: 'common.white', borderRadius: 0.5, p: 0.25 }}
    />
  );
}
