import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreSession } from './lib/auth/restore-session';
import { initUserManager } from './lib/auth/user-manager';
import { loadClientConfig } from './lib/config';
import { registerServiceWorker } from './lib/offline/register-service-worker';

function showStartupError(error: unknown) {
  const root = document.getElementById('root');
  if (!root) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.style.cssText = 'font-family:sans-serif;padding:2rem';
  message.textContent = `Blotter could not start: ${error instanceof Error ? error.message : String(error)}`;
  root.replaceChildren(message);
}

async function start() {
  const config = await loadClientConfig();
  initUserManager(config);
  // The sign-in return handles its own tokens; elsewhere pick up this tab's session.
  const callback = window.location.pathname === '/callback';
  let initialClaims = callback ? undefined : await restoreSession();
  // Issue 30: an installed app opened with no network starts for the last user signed in on this
  // phone (not signed out since), with only the offline form and the outbox.
  let offline = false;
  if (!initialClaims && !callback && 'indexedDB' in window) {
    const { offlineStartClaims } = await import('./lib/offline/offline-start');
    initialClaims = await offlineStartClaims().catch(() => undefined);
    offline = initialClaims !== undefined;
  }
  // Offline, the form's code is fetched beside the app's first render rather than after it.
  if ((offline || !navigator.onLine) && window.location.pathname === '/newincident') {
    void import('./features/incidents/offline/components/offline-incident-page').catch(() => undefined);
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <App initialClaims={initialClaims} offline={offline} />
    </StrictMode>,
  );
  registerServiceWorker();
}

start().catch(showStartupError);
