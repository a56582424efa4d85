import type { Page } from '@blotter/shared/schemas/common';
import type { WebhookDelivery } from '@blotter/shared/schemas/webhooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { pageQueryString } from '../../../lib/page-query';
import { queryKeys } from '../../../lib/query-keys';

const PAGE_SIZE = 10;

/** GET /webhooks/{id}/deliveries?p=&psz=: the endpoint's delivery log, newest first. */
export function getWebhookDeliveries(id: string, p: number, signal?: AbortSignal): Promise<Page<WebhookDelivery>> {
  return apiFetch<Page<WebhookDelivery>>(
    `/webhooks/${encodeURIComponent(id)}/deliveries?${pageQueryString({ p, psz: PAGE_SIZE })}`,
    { signal },
  );
}

export const webhookDeliveriesQueryOptions = (id: string, p: number) =>
  queryOptions({
    queryKey: queryKeys.webhooks.deliveries(id, p),
    queryFn: ({ signal }) => getWebhookDeliveries(id, p, signal),
    placeholderData: keepPreviousData,
    // Deliveries are made in the background: the log follows them while it is open.
    refetchInterval: 5000,
  });

export function useWebhookDeliveries(id: string, p: number) {
  return useQuery(webhookDeliveriesQueryOptions(id, p));
}
