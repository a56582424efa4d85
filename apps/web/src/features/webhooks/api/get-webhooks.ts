import type { Page } from '@blotter/shared/schemas/common';
import type { WebhookEndpoint } from '@blotter/shared/schemas/webhooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';

export const WEBHOOKS_PAGE_SIZE = 10;

/** GET /webhooks?p=&psz=: a page of the company's endpoints, oldest first. */
export function getWebhooks(p: number, signal?: AbortSignal): Promise<Page<WebhookEndpoint>> {
  return apiFetch<Page<WebhookEndpoint>>(`/webhooks?${pageQueryString({ p, psz: WEBHOOKS_PAGE_SIZE })}`, { signal });
}

export const webhooksQueryOptions = (p: number) =>
  queryOptions({
    queryKey: queryKeys.webhooks.page(p),
    queryFn: ({ signal }) => getWebhooks(p, signal),
    placeholderData: keepPreviousData,
  });

export function useWebhooks(p: number) {
  return useQuery(webhooksQueryOptions(p));
}
