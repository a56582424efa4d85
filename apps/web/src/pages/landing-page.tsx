import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/auth/session-context';
import { getClientConfig } from '../lib/config';
import { isMobile } from '../lib/device';

/** '/': the landing page, or (in production) the external product site. */
export default function LandingPage() {
  const { claims } = useSession();
  const { environment, productSiteUrl } = getClientConfig();
  const production = environment === 'prod';

  useEffect(() => {
    if (production) window.location.replace(productSiteUrl);
  }, [production, productSiteUrl]);

  if (production) return <PageLoader />;
  return (
    <Box
      sx={{
        minHeight: '100%',
        display: 'flex',
        alignItems: 'center',
        background: 'linear-gradient(180deg, #ffffff 0%, #f4f6f8 100%)',
      }}
    >
      <Container maxWidth="md" sx={{ py: { xs: 8, md: 14 }, textAlign: 'center' }}>
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '2.5rem', md: '3.5rem' }, fontWeight: 700 }}>
          Blotter
        </Typography>
        <Typography variant="h5" component="p" color="text.secondary" sx={{ mt: 2 }}>
          Incident management service for your business.
        </Typography>
        {!claims && !isMobile && (
          <Button component={RouterLink} to="/signup" variant="contained" size="large" sx={{ mt: 5, px: 5 }}>
            SIGN UP
          </Button>
        )}
      </Container>
    </Box>
  );
}
