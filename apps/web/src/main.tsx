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
  const initialClaims = window.location.pathname === '/callback' ? undefined : await restoreSession();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <App initialClaims={initialClaims} />
    </StrictMode>,
  );
  registerServiceWorker();
}

start().catch(showStartupError);
