import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { useInitData } from '../../lib/api/get-init-data';
import { useSession } from '../../lib/auth/session-context';
import { isMobile } from '../../lib/device';
import { ownerOf } from '../../lib/offline/owner';

/** Up to two initials of a name, for the avatar. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return (letters.length > 1 ? `${letters[0]}${letters[letters.length - 1]}` : (letters[0] ?? '?')) || '?';
}

/** The avatar button with Profile (not on mobile) and Logout. */
export function AccountMenu({ name: signedInName }: { name: string }) {
  const { logout, claims } = useSession();
  const { data: init } = useInitData();
  // The profile as this tab last read or saved it (never fetched here): a rename or a new picture
  // shows at once; otherwise the session's name and initData's picture, both read at sign-in.
  const { data: profile } = useQuery({ ...profileQueryOptions(), enabled: false });
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : signedInName;
  const avatarUrl = profile
    ? (profile.avatarSasKey ?? undefined)
    : init?.userAvatars.find((avatar) => avatar.userId === claims?.userId)?.avatarUrl;
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const letters = initials(name);
  // Issue 30: incidents recorded on this phone and not sent yet are announced before signing out.
  const [unsent, setUnsent] = useState(0);
  const signOut = async () => {
    const waiting = claims?.privileges.includes('MYINCIDENT_ADD')
      ? await import('../../features/incidents/offline/outbox')
          .then(({ countUnsent }) => countUnsent(ownerOf(claims)))
          .catch(() => 0)
      : 0;
    if (waiting > 0) setUnsent(waiting);
    else void signOutNow();
  };
  // Issue 30: signing out (not an idle logout) makes the phone forget who it opens for offline and
  // their outbox key; the outbox stays, unreadable, until the same user signs in again.
  const signOutNow = async () => {
    await import('../../lib/offline/identity').then(({ forgetIdentity }) => forgetIdentity()).catch(() => undefined);
    await logout();
  };

  return (
    <>
      <IconButton
        // The name holds the visible initials (WCAG 2.5.3 label in name).
        aria-label={`Account menu ${letters}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        {/* The theme's dark contrast text: white initials on the orange were 2.9:1 (WCAG 1.4.3 needs 4.5:1). */}
        <Avatar
          src={avatarUrl}
          alt=""
          sx={{ width: 34, height: 34, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 15 }}
        >
          {letters}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* Not a list item of the menu (role menu owns menu items only): the name is its caption. */}
        <ListSubheader role="presentation" sx={{ lineHeight: 2.5, fontWeight: 600, color: 'text.primary' }}>
          {name}
        </ListSubheader>
        <Divider />
        {!isMobile && (
          <MenuItem
            onClick={() => {
              close();
              navigate('/profile');
            }}
          >
            Profile
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={unsent > 0}
        title="Incidents not sent yet"
        message={
          unsent === 1
            ? 'One incident recorded on this phone has not been sent. If you sign out, it stays on this phone, locked, and is sent after you sign in again. Sign out now?'
            : `${unsent} incidents recorded on this phone have not been sent. If you sign out, they stay on this phone, locked, and are sent after you sign in again. Sign out now?`
        }
        confirmLabel="Sign out"
        cancelLabel="Stay signed in"
        onConfirm={() => {
          setUnsent(0);
          void signOutNow();
        }}
        onCancel={() => setUnsent(0)}
      />
    </>
  );
}
