import type { Page } from '@blotter/shared/schemas/common';
import type { Receipt } from '@blotter/shared/schemas/subscription';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subscriptions2/receipts: one page of the company's receipts, newest first. */
export const getReceipts = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiFetch<Page<Receipt>>(`/subscriptions2/receipts?p=${page}&psz=${pageSize}`, { signal });

export const receiptsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.subscription.receipts(page, pageSize),
    queryFn: ({ signal }) => getReceipts(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const useReceipts = (page: number, pageSize: number) => useQuery(receiptsQueryOptions(page, pageSize));
