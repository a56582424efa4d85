import type { SavedAnalysis } from '@blotter/shared/schemas/analysis';
import type { Page } from '@blotter/shared/schemas/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The dashboard shows up to this many saved analyses (one chart card each). */
export const SAVED_ANALYSIS_CARDS_MAX = 100;

/** GET /analysis/custom: the user's own dashboard analyses. */
export function getSavedAnalyses(signal?: AbortSignal): Promise<Page<SavedAnalysis>> {
  return apiFetch<Page<SavedAnalysis>>(`/analysis/custom?p=0&psz=${SAVED_ANALYSIS_CARDS_MAX}`, { signal });
}

export const savedAnalysesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.savedAnalyses.list, queryFn: ({ signal }) => getSavedAnalyses(signal) });

export function useSavedAnalyses(enabled: boolean) {
  return useQuery({ ...savedAnalysesQueryOptions(), enabled });
}
