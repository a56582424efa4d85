import { z } from 'zod';

/** The texts of the profile's site-admin actions (spec 3 §2, §7 Site admin). */
export const SITE_ADMIN_MESSAGES = {
  quickBooksNotConfigured: 'QuickBooks Online is not configured on this server.',
  demoRestoreUnavailable: 'Restoring the demo site is available only on a demo server or on localhost.',
  restoreConfirmTitle: 'Restore demo site',
  restoreConfirm:
    'Put the demo company back as it was first created? Every change made to it is lost, and every demo user is signed out.',
  restoreRunning: 'Restoring the demo site…',
  restoreDone: 'The demo site is restored. Please sign in again.',
  restoreFailed: 'The demo site could not be restored.',
} as const;

/** GET /siteAdmins/authenticateQuickBooks: the authorisation page to open in a separate window. */
export const quickBooksAuthorizationAnswer = z.object({ data: z.string() });
export type QuickBooksAuthorizationAnswer = z.infer<typeof quickBooksAuthorizationAnswer>;

/** What Intuit sends back to the callback (a code and the company, or an error). */
export const quickBooksCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  realmId: z
    .string()
    .regex(/^\d{1,32}$/, 'Invalid realmId')
    .optional(),
  error: z.string().max(200).optional(),
});

/** POST /siteAdmins/demoServer/import: how many incidents the restored history holds. */
export const demoRestoreAnswer = z.object({ incidents: z.number().int() });
export type DemoRestoreAnswer = z.infer<typeof demoRestoreAnswer>;
