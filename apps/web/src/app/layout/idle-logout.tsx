import { IDLE } from '@blotter/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { useInitData } from '../../lib/api/get-init-data';
import { useSession } from '../../lib/auth/session-context';
import { readStoredAutoLogoutSeconds } from '../../lib/auth/session-store';
import { idleSeconds } from './idle-countdown';
import { IdleLogoutDialog } from './idle-logout-dialog';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'scroll', 'touchstart', 'touchmove'] as const;

/**
 * Spec 1 §4: idle is checked every 5 seconds; after the company's idle time a dialog counts down
 * 30 seconds; cancelling or any user activity closes it; at zero the user is logged out.
 */
export function IdleLogout() {
  const { logout } = useSession();
  const { data } = useInitData();
  const timeoutMs = idleSeconds(data?.companySettings.autoLogoutTime, readStoredAutoLogoutSeconds()) * 1000;
  const [promptedAt, setPromptedAt] = useState<number | null>(null);
  const promptedRef = useRef(false);
  promptedRef.current = promptedAt !== null;

  const { isIdle, reset } = useIdleTimer({
    timeout: timeoutMs,
    events: [...ACTIVITY_EVENTS],
    throttle: 500,
    onAction: () => {
      if (promptedRef.current) setPromptedAt(null);
    },
  });

  useEffect(() => {
    const check = window.setInterval(() => {
      if (!promptedRef.current && isIdle()) setPromptedAt(Date.now());
    }, IDLE.checkEverySeconds * 1000);
    return () => window.clearInterval(check);
  }, [isIdle]);

  const cancel = useCallback(() => {
    setPromptedAt(null);
    reset();
  }, [reset]);

  const expire = useCallback(() => {
    void logout();
  }, [logout]);

  if (promptedAt === null) return null;
  return <IdleLogoutDialog startedAt={promptedAt} onCancel={cancel} onExpired={expire} />;
}
