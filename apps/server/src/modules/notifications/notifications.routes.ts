import { idParams, notificationSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { listNotifications } from './notifications.queries';
import { dismissNotification } from './notifications.service';

export async function notificationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/notifications',
    tag: 'Notifications',
    summary: "The company's notification banners, with whether the user dismissed each.",
    response: z.array(notificationSchema),
    handler: ({ auth, tenant }) => tenant((tx) => listNotifications(tx, auth.userId)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/notifications/:id',
    tag: 'Notifications',
    summary: 'Dismiss a notification banner for the signed-in user.',
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => dismissNotification(tx, auth, params.id));
      return undefined;
    },
  });
}
