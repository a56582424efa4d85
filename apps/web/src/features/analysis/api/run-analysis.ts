import type { AnalysisRequest, AnalysisResult } from '@blotter/shared/schemas/analysis';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /analysis?auditTitle=: the series of an analysis (each run writes an ANALYZE audit entry). */
export function runAnalysis(
  request: AnalysisRequest,
  auditTitle: string,
  signal?: AbortSignal,
): Promise<AnalysisResult> {
  return apiFetch<AnalysisResult>(`/analysis?auditTitle=${encodeURIComponent(auditTitle)}`, {
    method: 'POST',
    body: request,
    signal,
  });
}

/** The query options of one analysis request, whichever place runs it (so the chart view takes either). */
export interface AnalysisQueryOptions {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<AnalysisResult>;
  staleTime?: number;
  retry: false;
}

/** One Generate of the wizard, or one drill-down level of it. */
export const analysisRunQueryOptions = (run: number, request: AnalysisRequest): AnalysisQueryOptions => ({
  queryKey: queryKeys.analysis.run(run, request),
  // The audit entry is titled after the analysis.
  queryFn: ({ signal }) => runAnalysis(request, request.name ?? 'Analysis', signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useAnalysisRun(run: number, request: AnalysisRequest) {
  return useQuery(analysisRunQueryOptions(run, request));
}

/** A saved analysis's chart (dashboard card, report), computed when it is shown. */
export const savedAnalysisChartQueryOptions = (
  id: string,
  name: string,
  request: AnalysisRequest,
): AnalysisQueryOptions => ({
  queryKey: queryKeys.analysis.saved(id, request),
  queryFn: ({ signal }) => runAnalysis(request, name, signal),
  retry: false,
});

export function useSavedAnalysisChart(id: string, name: string, request: AnalysisRequest) {
  return useQuery(savedAnalysisChartQueryOptions(id, name, request));
}
