import type { DemoRestoreAnswer } from '@blotter/shared/schemas/site-admin';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /siteAdmins/demoServer/import (empty body): puts the demo company back as first created. */
export const restoreDemo = () => apiFetch<DemoRestoreAnswer>('/siteAdmins/demoServer/import', { method: 'POST' });

export const useRestoreDemo = () => useMutation({ mutationFn: restoreDemo });
