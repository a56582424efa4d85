import { useEffect, useState } from 'react';
import { useSession } from '../auth/session-context';
import { type OfflineIdentity, readIdentity } from './identity';
import { ownerOf } from './offline-db';

/**
 * The phone's identity when it is the signed-in user's (undefined while it loads, null when the
 * phone has none for them: never signed in here with MYINCIDENT_ADD, or signed out since).
 */
export function useOfflineIdentity(): OfflineIdentity | null | undefined {
  const { claims } = useSession();
  const owner = claims ? ownerOf(claims) : undefined;
  const [identity, setIdentity] = useState<OfflineIdentity | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () =>
      readIdentity()
        .then((found) => {
          if (live) setIdentity(found && found.owner === owner ? found : null);
        })
        .catch(() => live && setIdentity(null));
    void read();
    window.addEventListener('blotter-offline-identity', read);
    return () => {
      live = false;
      window.removeEventListener('blotter-offline-identity', read);
    };
  }, [owner]);
  return identity;
}

/** Tells the page's hooks that the phone's identity changed (remembered after a sign-in). */
export const announceIdentity = () => window.dispatchEvent(new Event('blotter-offline-identity'));
