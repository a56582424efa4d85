import { describe, expect, it } from 'vitest';
import { parseClientConfig } from './config';

const valid = {
  environment: 'local',
  oidcAuthority: 'http://localhost:3000/oidc',
  oidcClientId: 'blotter-web',
  oidcScope: 'openid profile email api',
  helpCenterUrl: 'https://help.example',
  productSiteUrl: 'https://www.example',
  version: '0.1.0',
  demoRestore: true,
};

describe('parseClientConfig', () => {
  it('accepts the configuration the server hands out', () => {
    expect(parseClientConfig(valid)).toEqual(valid);
  });

  it('refuses an unknown environment or a missing field', () => {
    expect(() => parseClientConfig({ ...valid, environment: 'staging' })).toThrow(/environment/);
    const { oidcClientId: _omitted, ...rest } = valid;
    expect(() => parseClientConfig(rest)).toThrow(/oidcClientId/);
    expect(() => parseClientConfig(null)).toThrow();
  });
});
