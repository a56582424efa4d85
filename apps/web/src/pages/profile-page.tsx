import { DATE_FORMAT, FILE_SIZE_LIMITS_MB } from '@blotter/shared/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useNavigate } from 'react-router';
import { PageContainer } from '../components/page-container';
import { PageLoader } from '../components/page-loader';
import { useProfile } from '../features/profile/api/get-profile';
import { useRestoreDemo } from '../features/profile/api/restore-demo';
import { ChangePasswordButton } from '../features/profile/components/change-password-button';
import { ProfileAvatar } from '../features/profile/components/profile-avatar';
import { ProfileForm } from '../features/profile/components/profile-form';
import { RestoreDemoButton } from '../features/profile/components/restore-demo-button';
import { SyncQuickBooksButton } from '../features/profile/components/sync-quickbooks-button';
import { useInitData } from '../lib/api/get-init-data';
import { useSession } from '../lib/auth/session-context';
import { getClientConfig } from '../lib/config';

/**
 * '/profile' (spec 3 §2, not on phones): the user's picture and names, the read-only fields, Save,
 * Change Password and, when the company has two-factor verification on, Change MFA Phone; for a
 * system administrator Sync Quickbook Online, and on a demo host or localhost Restore demo site
 * (system administrators and the demo company's administrators, as the server allows).
 */
export default function ProfilePage() {
  const profile = useProfile();
  const init = useInitData();
  const navigate = useNavigate();
  const session = useSession();
  const restoreDemo = useRestoreDemo();
  const data = profile.data;
  if (!data) return <PageContainer title="Profile">{profile.isPending && <PageLoader />}</PageContainer>;
  const name = `${data.firstName} ${data.lastName}`;
  const mfa = init.data?.companySettings.mfa ?? false;
  const claims = session.claims;
  const systemAdmin = claims?.systemAdmin ?? false;
  const demoRestorer = systemAdmin || (claims?.admin === true && init.data?.demoCompany === true);
  const canRestoreDemo = demoRestorer && getClientConfig().demoRestore;
  return (
    <PageContainer title="Profile" maxWidth="md">
      <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 3, gridTemplateColumns: { md: '180px 1fr' } }}>
        <ProfileAvatar
          src={data.avatarSasKey}
          name={name}
          maxMb={init.data?.fileSizeLimit.maxAvatarFileSize ?? FILE_SIZE_LIMITS_MB.maxAvatarFileSize}
        />
        <Box>
          <ProfileForm
            key={data.id}
            profile={data}
            dateFormat={init.data?.companySettings.dateFormat ?? DATE_FORMAT.DMY}
            actions={
              <>
                <ChangePasswordButton />
                {mfa && (
                  <Button variant="outlined" onClick={() => navigate('/change2FAPhone')}>
                    Change MFA Phone
                  </Button>
                )}
                {canRestoreDemo && (
                  <RestoreDemoButton
                    restore={() => restoreDemo.mutateAsync()}
                    onRestored={() => void session.logout()}
                  />
                )}
                {systemAdmin && <SyncQuickBooksButton />}
              </>
            }
          />
        </Box>
      </Paper>
    </PageContainer>
  );
}
