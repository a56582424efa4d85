import { initDataSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { loadInitData } from './commons.service';
import { referenceDataCache } from './reference-data';

export async function commonsRoutes(app: FastifyInstance) {
  const reference = referenceDataCache(app.database);
  defineRoute(app, {
    method: 'GET',
    url: '/commons/initData',
    tag: 'Session',
    summary: 'Initial data loaded once after sign-in: reference lists, lookups, settings, limits.',
    response: initDataSchema,
    handler: async ({ auth, tenant }) => {
      const ref = await reference();
      return tenant((tx) => loadInitData(tx, auth, ref, app.fileSigner));
    },
  });
}
