import CloudOffIcon from '@mui/icons-material/CloudOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../../../components/page-container';

/**
 * Any page but the offline form and the outbox in an offline start (issue 30): they need the server,
 * and there is no session until the user signs in again with a network.
 */
export default function OfflineHome() {
  return (
    <PageContainer title="Offline" maxWidth="sm">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CloudOffIcon color="action" sx={{ fontSize: 48 }} />
        <Typography>
          This page needs the network. You can still record an incident: it is kept on this phone, encrypted, and sent
          when the network is back and you are signed in.
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" component={RouterLink} to="/newincident">
            New Incident
          </Button>
          <Button component={RouterLink} to="/outbox">
            Outbox
          </Button>
        </Stack>
      </Stack>
    </PageContainer>
  );
}
