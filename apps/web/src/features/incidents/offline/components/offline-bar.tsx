import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useInitData } from '../../../../lib/api/get-init-data';
import { useSession } from '../../../../lib/auth/session-context';
import { cachedInitData, cacheInitData, mayCaptureOffline, rememberIdentity } from '../../../../lib/offline/identity';
import { ownerOf } from '../../../../lib/offline/offline-db';
import { useOnline } from '../../../../lib/offline/online';
import { isOutboxSyncMessage } from '../../../../lib/offline/sw-messages';
import { announceIdentity, useOfflineIdentity } from '../../../../lib/offline/use-offline-identity';
import { queryKeys } from '../../../../lib/query-keys';
import { countWaiting, onOutboxChange } from '../outbox';

/** How often a signed-in app online tries again while something waits. */
const RETRY_MS = 30_000;
/** After an interrupted send (an answer lost, the network flickering): sooner, a few times. */
const QUICK_RETRY_MS = 3_000;
const QUICK_RETRIES = 3;

/**
 * The phone's offline capture while the app runs (issue 30): remembers the signed-in user for an
 * offline start, keeps the company's lookups for the offline form, sends the outbox when the
 * network is there (on start, on 'online', on the service worker's Background Sync and every 30 s
 * while something waits), and shows the state: offline, 'Waiting to send (n)', sign in to send.
 */
export default function OfflineBar() {
  const { claims, offline: offlineStart } = useSession();
  const online = useOnline();
  const { data: initData } = useInitData();
  const identity = useOfflineIdentity();
  const [waiting, setWaiting] = useState(0);
  const owner = claims ? ownerOf(claims) : undefined;

  // Every sign-in makes the phone open offline for this user (the session provider has already
  // dropped anyone else's access, lib/offline/owner.ts).
  const claimsRef = useRef(claims);
  claimsRef.current = claims;
  useEffect(() => {
    const current = claimsRef.current;
    if (offlineStart || !current || !owner || !mayCaptureOffline(current)) return;
    rememberIdentity(current)
      .then(announceIdentity)
      .catch(() => undefined);
  }, [owner, offlineStart]);

  const queryClient = useQueryClient();
  useEffect(() => {
    if (!identity) return;
    if (initData && !offlineStart) void cacheInitData(identity, initData).catch(() => undefined);
    // Started offline: the pages read the company's settings and lookups from the phone's copy.
    if (!initData && offlineStart) {
      void cachedInitData(identity).then((cached) => {
        if (cached && !queryClient.getQueryData(queryKeys.commons.initData)) {
          queryClient.setQueryData(queryKeys.commons.initData, cached);
        }
      });
    }
  }, [identity, initData, offlineStart, queryClient]);

  useEffect(() => {
    if (!identity) return;
    const update = () => void countWaiting(identity.owner).then(setWaiting, () => undefined);
    update();
    return onOutboxChange(update);
  }, [identity]);

  const canSend = Boolean(identity) && !offlineStart && online;
  useEffect(() => {
    if (!identity || !canSend) return;
    let sending = false;
    let quick = 0;
    let quickTimer: number | undefined;
    const send = async () => {
      if (sending || !(await countWaiting(identity.owner))) return;
      sending = true;
      try {
        // The sending code loads only when something waits.
        const { sendAndReport } = await import('../send-outbox');
        const result = await sendAndReport(identity);
        window.clearTimeout(quickTimer);
        if (!result.interrupted) quick = 0;
        else if (quick < QUICK_RETRIES) {
          quick += 1;
          quickTimer = window.setTimeout(() => void send(), QUICK_RETRY_MS);
        }
      } catch {
        // The phone's storage failed: the items stay, the next round tries again.
      } finally {
        sending = false;
      }
    };
    void send();
    const timer = window.setInterval(() => void send(), RETRY_MS);
    const unsubscribe = onOutboxChange(() => void send());
    const onMessage = (event: MessageEvent) => {
      if (isOutboxSyncMessage(event.data)) void send();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(quickTimer);
      unsubscribe();
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [identity, canSend]);

  // Below the message, so a phone's narrow bar does not squeeze it into a column.
  const waitingButton = waiting > 0 && (
    <Button
      component={RouterLink}
      to="/outbox"
      color="inherit"
      size="small"
      variant="outlined"
      sx={{ mt: 1, display: 'flex', width: 'fit-content', whiteSpace: 'nowrap' }}
    >
      Waiting to send ({waiting})
    </Button>
  );
  if (!online) {
    return (
      <Alert severity="info" icon={<CloudOffIcon />} square role="status">
        You are offline. Incidents you record are kept on this phone and sent when the network is back.
        {waitingButton}
      </Alert>
    );
  }
  if (offlineStart) {
    return (
      <Alert severity="warning" square role="status">
        The network is back. Sign in to send what is waiting on this phone.
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button color="inherit" size="small" variant="outlined" onClick={() => window.location.assign('/login')}>
            Sign in
          </Button>
          {waiting > 0 && (
            <Button component={RouterLink} to="/outbox" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
              Waiting to send ({waiting})
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  // Online the sending reports itself in toasts: a bar appearing seconds after the page opened
  // would move the page under the person's pointer.
  return null;
}
