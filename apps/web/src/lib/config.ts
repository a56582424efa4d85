import type { ClientConfig } from '@blotter/shared/schemas/common';

const ENVIRONMENTS: readonly string[] = ['local', 'dev', 'test', 'demo', 'prod'];
const STRING_KEYS = [
  'oidcAuthority',
  'oidcClientId',
  'oidcScope',
  'helpCenterUrl',
  'productSiteUrl',
  'version',
] as const satisfies readonly (keyof ClientConfig)[];

/**
 * Checks the shape by hand: the zod schema would pull zod into the first load.
 * Throws when the configuration is missing a field.
 */
export function parseClientConfig(value: unknown): ClientConfig {
  if (typeof value !== 'object' || value === null) throw new Error('The configuration is not an object.');
  const record = value as Record<string, unknown>;
  const environment = record.environment;
  if (typeof environment !== 'string' || !ENVIRONMENTS.includes(environment)) {
    throw new Error('The configuration has no valid environment.');
  }
  for (const key of STRING_KEYS) {
    if (typeof record[key] !== 'string') throw new Error(`The configuration has no ${key}.`);
  }
  if (typeof record.demoRestore !== 'boolean') throw new Error('The configuration has no demoRestore.');
  return record as ClientConfig;
}

let current: ClientConfig | undefined;

/**
 * Reads the configuration the server put into index.html; the Vite dev server serves index.html
 * without it, so then it is fetched from the public /api/config.
 */
export async function loadClientConfig(): Promise<ClientConfig> {
  const inline = document.getElementById('blotter-config');
  if (inline?.textContent) {
    current = parseClientConfig(JSON.parse(inline.textContent));
    return current;
  }
  const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the configuration (HTTP ${response.status}).`);
  current = parseClientConfig(await response.json());
  return current;
}

/** The configuration loaded at start-up (main.tsx loads it before anything renders). */
export function getClientConfig(): ClientConfig {
  if (!current) throw new Error('The client configuration is not loaded yet.');
  return current;
}
