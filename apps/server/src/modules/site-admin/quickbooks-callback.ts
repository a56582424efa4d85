import { quickBooksCallbackQuery, SITE_ADMIN_MESSAGES } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { messagePage } from '../../oidc/views';
import { defineRoute } from '../../plugins/route';
import { sendHtml } from '../users/password-form';
import { type CallbackOutcome, completeQuickBooksAuthorization } from './quickbooks-connect';

const PAGES: Record<CallbackOutcome | 'unconfigured', [number, string, string]> = {
  connected: [
    200,
    'QuickBooks Online is connected',
    'Paid invoices will be sent to your QuickBooks Online company. You can close this window.',
  ],
  expired: [
    400,
    'Link expired',
    'This QuickBooks Online authorisation has expired or was already used. Start again with Sync Quickbook Online on your profile.',
  ],
  denied: [400, 'Not connected', 'QuickBooks Online was not connected. You can close this window.'],
  failed: [
    502,
    'Not connected',
    'QuickBooks Online did not accept the authorisation. Please try again later with Sync Quickbook Online on your profile.',
  ],
  unconfigured: [400, 'Not configured', SITE_ADMIN_MESSAGES.quickBooksNotConfigured],
};

/**
 * Where Intuit sends the system administrator back (a top-level navigation, so no API token: the
 * state, kept hashed with the user who asked, is what binds it to them). Answers a small page.
 */
export function quickBooksCallbackRoute(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/siteAdmins/quickBooksCallback',
    tag: 'Site admin',
    summary:
      'The redirect URI of the QuickBooks Online authorisation: exchanges the code for tokens, stores the connection and answers a page for people.',
    auth: 'public',
    query: quickBooksCallbackQuery,
    rateLimit: { max: 30, timeWindow: '1 hour' },
    response: null,
    handler: async ({ query, reply, request }) => {
      const quickBooks = app.config.quickBooks;
      const outcome = quickBooks
        ? await completeQuickBooksAuthorization(app.database, quickBooks, app.config.publicUrl, query, (message) =>
            request.log.warn(message),
          )
        : 'unconfigured';
      const [status, title, text] = PAGES[outcome];
      await sendHtml(reply, status, messagePage(title, text));
      return undefined;
    },
  });
}
