import { createLocalJWKSet, createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../config';
import { type ProviderSecrets, publicJwk } from './keys';

export type AccessTokenVerifier = (token: string) => Promise<JWTPayload>;

/** Verifies access tokens with the embedded provider's own public key. */
export function embeddedVerifier(config: Config, secrets: ProviderSecrets): AccessTokenVerifier {
  const jwks = createLocalJWKSet({ keys: [publicJwk(secrets.signingKey)] });
  return async (token) => {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      algorithms: ['RS256'],
    });
    return payload;
  };
}

/** Verifies access tokens of an external issuer with the JWKS named in its discovery document. */
export function externalVerifier(config: Config): AccessTokenVerifier {
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async (token) => {
    if (!jwks) {
      const response = await fetch(`${config.oidc.issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`OIDC discovery failed with ${response.status}`);
      const discovery = (await response.json()) as {
        jwks_uri: string;
        issuer: string;
      };
      jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    }
    const { payload } = await jwtVerify(token, jwks, {
      issuer: [config.oidc.issuer, `${config.oidc.issuer}/`],
      audience: config.oidc.audience,
    });
    return payload;
  };
}
