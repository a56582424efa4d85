import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type ClientConfig, TEST_CARD_NUMBER } from '@blotter/shared';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { demoRestoreAllowed } from '../config';

export const CONFIG_PLACEHOLDER = '<!--blotter-config-->';

/** The public configuration handed to the browser inside index.html. */
export function clientConfigOf(app: FastifyInstance): ClientConfig {
  const { config } = app;
  return {
    environment: config.environment,
    oidcAuthority: config.oidc.issuer,
    oidcClientId: config.oidc.clientId,
    oidcScope: config.oidc.embedded ? 'openid profile email api' : 'openid profile email',
    helpCenterUrl: config.helpCenterUrl,
    productSiteUrl: config.productSiteUrl,
    version: config.version,
    payments: {
      provider: config.payments.stripe ? 'stripe' : 'offline',
      stripePublishableKey: config.payments.stripe?.publishableKey ?? null,
      testCardNumber: config.environment === 'prod' ? null : TEST_CARD_NUMBER,
    },
    demoRestore: demoRestoreAllowed(config),
  };
}

/** Puts the configuration into index.html as a JSON data block (not a script the CSP must allow). */
export function injectClientConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(CONFIG_PLACEHOLDER, `<script id="blotter-config" type="application/json">${json}</script>`);
}

/** index.html as sent: as it is, and compressed once at the highest levels for the clients that accept it. */
type EncodedIndex = Record<'identity' | 'br' | 'gzip', Buffer>;

function encodeIndex(html: string): EncodedIndex {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function sendIndex(index: EncodedIndex, request: FastifyRequest, reply: FastifyReply) {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(index[encoding ?? 'identity']);
}

/**
 * Serves the built single-page app with index.html as the fallback for every other path. The
 * build puts name.br and name.gz next to each file (vite.config.ts): they are sent as they are to
 * the clients that accept them. Hashed files under /assets are cached for a year; everything else
 * (index.html, favicon, the service worker /sw.js, manifest.webmanifest, whose type the static
 * plugin knows as application/manifest+json) is revalidated on every use.
 */
export async function registerSpa(app: FastifyInstance) {
  const dist = path.resolve(app.config.webDistDir);
  const indexFile = path.join(dist, 'index.html');
  // /sw.js, and its prebuilt .br/.gz should a build make them (the static plugin sends those as /sw.js).
  const serviceWorkerFiles = new Set(['', '.br', '.gz'].map((suffix) => path.join(dist, `sw.js${suffix}`)));
  const index = existsSync(indexFile)
    ? encodeIndex(injectClientConfig(readFileSync(indexFile, 'utf8'), clientConfigOf(app)))
    : undefined;
  if (index) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      // One route per built file instead of a '/*' wildcard: the wildcard would also catch an /api
      // address the router refuses (a path parameter over its length), turning its 400 into a 404
      // depending on whether the app was built.
      wildcard: false,
      preCompressed: true,
      // index.html is only ever sent with the configuration injected (below).
      allowedPath: (pathName) => pathName !== '/index.html',
      // Names under /assets carry a hash of their content: a changed file gets a new name.
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(dist, 'assets') + path.sep);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The service worker (apps/web/src/sw.ts) is revalidated on every check, like index.html, so
        // a new version reaches installed apps at once; it controls the whole site.
        if (serviceWorkerFiles.has(filePath)) res.header('service-worker-allowed', '/');
      },
    });
    // The static plugin would answer the folder itself for '/': the landing page is the app too.
    app.get('/', (request, reply) => sendIndex(index, request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: `There is no API call ${request.method} ${url}.`,
      });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && index && !url.startsWith('/assets/')) {
      return sendIndex(index, request, reply);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}
