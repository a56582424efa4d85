import { API_TOKEN_PREFIX } from '@blotter/shared';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { databaseRateLimitStore } from '../platform/rate-limit-store';

/**
 * What the limit of a route that authenticates API tokens counts a request under: its API token if it
 * carries one (an integration may run on several machines, and several may share an address; a
 * token that is not valid is refused before the handler runs), else its address. The store keeps
 * only an HMAC of the key, never the token.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'headers' | 'ip'>): string {
  const token = request.headers.authorization?.match(/^bearer\s+(\S+)$/i)?.[1];
  return token?.startsWith(API_TOKEN_PREFIX) ? `api-token:${token}` : request.ip;
}

/**
 * The headers helmet sets for these options. They depend on the configuration only, so they are
 * worked out once at start-up rather than by helmet's middleware on every request (which parses
 * the CSP directives each time: a tenth of a small API read).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Security headers (CSP without inline scripts), CORS limited to the app's origin, rate limits (shared store). */
export async function registerSecurity(app: FastifyInstance) {
  const appOrigin = new URL(app.config.publicUrl).origin;
  const issuerOrigin = new URL(app.config.oidc.issuer).origin;
  const https = appOrigin.startsWith('https:');
  const extra = issuerOrigin === appOrigin ? [] : [issuerOrigin];
  // Stripe Elements (the card field of the subscription card) when Stripe is configured: its script,
  // its frames and its API, as Stripe's CSP guidance lists them.
  const stripe = app.config.payments.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        // MUI (emotion) inserts style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra, ...stripe.connect],
        mediaSrc: ["'self'", 'blob:'],
        // The installable app: its service worker (/sw.js) and its manifest, from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:', ...extra, ...stripe.frame],
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
  // Every answer, before any route runs; a route may still set its own (a file's stricter CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cors, {
    origin: [appOrigin],
    credentials: false,
    maxAge: 600,
  });
  // The routes' limits count in the database (app.rateCounters), so every process behind a load
  // balancer shares them; the plugin's default store would count in this process's memory.
  // By address here; the routes that authenticate an API token (defineRoute, auth 'user' or
  // 'session') count its calls under the token instead (rateLimitKey). Not every route: one that
  // never reads the token (a form post) would give each made-up token, checksum and all, its own count.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.rateCounters) });
}
