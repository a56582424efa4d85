import { demoRestoreAnswer, quickBooksAuthorizationAnswer, SITE_ADMIN_MESSAGES } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { demoRestoreAllowed } from '../../config';
import { badRequest, forbidden } from '../../plugins/errors';
import { defineRoute } from '../../plugins/route';
import { restoreDemoCompany } from './demo-restore';
import { quickBooksCallbackRoute } from './quickbooks-callback';
import { startQuickBooksAuthorization } from './quickbooks-connect';
import { requireDemoRestorer, requireSystemAdmin } from './site-admin.policy';

/** The profile's site-admin actions (spec 3 §7 Site admin). */
export async function siteAdminRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/siteAdmins/authenticateQuickBooks',
    tag: 'Site admin',
    summary:
      'System administrators: the QuickBooks Online authorisation page (data), opened in a separate window; once connected, paid invoices are sent to QuickBooks. 400 when QuickBooks is not configured.',
    writes: true,
    response: quickBooksAuthorizationAnswer,
    handler: async ({ auth }) => {
      requireSystemAdmin(auth);
      const quickBooks = app.config.quickBooks;
      if (!quickBooks) throw badRequest(SITE_ADMIN_MESSAGES.quickBooksNotConfigured);
      // The connection is the installation's, not the company's: it lives in the system state.
      return { data: await startQuickBooksAuthorization(app.database, quickBooks, app.config.publicUrl, auth) };
    },
  });

  quickBooksCallbackRoute(app);

  defineRoute(app, {
    method: 'POST',
    url: '/siteAdmins/demoServer/import',
    tag: 'Site admin',
    summary:
      "Restores the demo company as the first start created it, in one transaction (every demo user signs in again). System administrators and the demo company's administrators, on a demo server or localhost only.",
    rateLimit: { max: 10, timeWindow: '1 hour' },
    response: demoRestoreAnswer,
    handler: async ({ auth, tenant, request }) => {
      await tenant((tx) => requireDemoRestorer(tx, auth));
      if (!demoRestoreAllowed(app.config)) {
        throw forbidden(SITE_ADMIN_MESSAGES.demoRestoreUnavailable);
      }
      const { incidents, orphanFiles } = await restoreDemoCompany(
        app.database,
        app.config.demoPassword,
        app.config.systemAdminEmails,
      );
      // The files of the company that was replaced; a file left behind is only unused space.
      for (const key of orphanFiles) {
        await app.storage.remove(key).catch((err) => request.log.warn({ err }, 'could not remove a demo file'));
      }
      return { incidents };
    },
  });
}
