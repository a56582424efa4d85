import type { ClientConfig } from '@blotter/shared/schemas/common';
import { loadClientConfig } from '../lib/config';

/**
 * Loads the browser configuration the way the app does (the JSON block the server puts into
 * index.html), with the offline card provider.
 */
export async function loadTestClientConfig(overrides: Partial<ClientConfig> = {}): Promise<ClientConfig> {
  const config: ClientConfig = {
    environment: 'test',
    oidcAuthority: 'http://localhost/oidc',
    oidcClientId: 'blotter-web',
    oidcScope: 'openid',
    helpCenterUrl: 'https://help.example.com',
    productSiteUrl: 'https://www.example.com',
    version: 'test',
    payments: { provider: 'offline', stripePublishableKey: null, testCardNumber: '4242 4242 4242 4242' },
    demoRestore: false,
    ...overrides,
  };
  document.getElementById('blotter-config')?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'blotter-config';
  block.textContent = JSON.stringify(config);
  document.head.append(block);
  return loadClientConfig();
}
