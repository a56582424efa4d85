import { healthResponse } from '@blotter/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';

export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    tag: 'Health',
    summary: 'Liveness and database check.',
    auth: 'public',
    response: healthResponse,
    handler: async () => {
      await app.database.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: app.database.kind,
        version: app.config.version,
      };
    },
  });
}
