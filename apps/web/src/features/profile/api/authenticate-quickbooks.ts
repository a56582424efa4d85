import type { QuickBooksAuthorizationAnswer } from '@blotter/shared/schemas/site-admin';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /siteAdmins/authenticateQuickBooks: the QuickBooks Online authorisation page's URL (system admins). */
export const authenticateQuickBooks = () =>
  apiFetch<QuickBooksAuthorizationAnswer>('/siteAdmins/authenticateQuickBooks');

export const useAuthenticateQuickBooks = () => useMutation({ mutationFn: authenticateQuickBooks });
