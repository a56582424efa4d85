import { SESSION } from '@blotter/shared/constants';
import type { ClientConfig } from '@blotter/shared/schemas/common';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

/** Settings of the sign-in client: authorization code with PKCE, tokens kept for the tab only. */
export function userManagerSettings(config: ClientConfig, origin: string) {
  return {
    authority: config.oidcAuthority,
    client_id: config.oidcClientId,
    scope: config.oidcScope,
    response_type: 'code',
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: origin,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    // The session renews itself (another session creation call follows every renewal).
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: SESSION.renewBeforeExpirySeconds,
    monitorSession: false,
    loadUserInfo: false,
  };
}

let manager: UserManager | undefined;

/** The one UserManager of the app, created from the configuration loaded at start-up. */
export function initUserManager(config: ClientConfig): UserManager {
  manager = new UserManager(userManagerSettings(config, window.location.origin));
  return manager;
}

export function getUserManager(): UserManager {
  if (!manager) throw new Error('Sign-in is not initialised yet.');
  return manager;
}
