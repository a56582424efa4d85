import { clientConfig } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { clientConfigOf } from '../../plugins/spa';

/** The browser's public configuration; the built index.html carries it inline, the dev server asks here. */
export async function configRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/config',
    tag: 'Health',
    summary: 'Public configuration of the web app (identity provider, environment, links).',
    auth: 'public',
    response: clientConfig,
    handler: async () => clientConfigOf(app),
  });
}
