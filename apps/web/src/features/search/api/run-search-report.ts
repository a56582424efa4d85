import type { SearchPage } from '@blotter/shared/schemas/search';
import { apiFetch } from '../../../lib/api-client';
import { type PageParams, pageQueryString } from '../../../lib/page-query';

/**
 * GET /reports/custom/{id}?p=&psz=: runs a search report (its saved criteria, the user's search
 * visibility) and answers a page of what it finds; the server writes a REPORT audit entry.
 */
export function runSearchReport(id: string, params: PageParams, signal?: AbortSignal): Promise<SearchPage> {
  return apiFetch<SearchPage>(`/reports/custom/${encodeURIComponent(id)}?${pageQueryString(params)}`, { signal });
}
