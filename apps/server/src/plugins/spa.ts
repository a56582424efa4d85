import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientConfig } from '@blotter/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
  };
}

/** Puts the configuration into index.html as a JSON data block (not a script the CSP must allow). */
export function injectClientConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(CONFIG_PLACEHOLDER, `<script id="blotter-config" type="application/json">${json}</script>`);
}

/** Serves the built single-page app with index.html as the fallback for every other path. */
export async function registerSpa(app: FastifyInstance) {
  const dist = app.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const index = existsSync(indexFile)
    ? injectClientConfig(readFileSync(indexFile, 'utf8'), clientConfigOf(app))
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
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  // The static plugin would answer the folder itself for '/': the landing page is the app too.
  if (index) app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: `There is no API call ${request.method} ${url}.`,
      });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && index && !url.startsWith('/assets/')) {
      return sendIndex(reply);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}
