import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** Security headers (CSP without inline scripts), CORS limited to the app's origin, rate limits. */
export async function registerSecurity(app: FastifyInstance) {
  const appOrigin = new URL(app.config.publicUrl).origin;
  const issuerOrigin = new URL(app.config.oidc.issuer).origin;
  const https = appOrigin.startsWith('https:');
  const extra = issuerOrigin === appOrigin ? [] : [issuerOrigin];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) inserts style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:', ...extra],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...extra],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: [appOrigin],
    credentials: false,
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
}
