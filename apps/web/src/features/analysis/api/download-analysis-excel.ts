import type { AnalysisRequest } from '@blotter/shared/schemas/analysis';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, accessToken, failedCall, requestHeaders } from '../../../lib/api-client';
import { networkError, toApiError } from '../../../lib/api-error';
import { contentDispositionFileName, type DownloadedFile } from '../../../lib/download';

/** POST /analysis?type=excel: the analysis as an .xlsx workbook, named from the answer's Content-Disposition. */
export async function downloadAnalysisExcel(request: AnalysisRequest, auditTitle: string): Promise<DownloadedFile> {
  const query = new URLSearchParams({ auditTitle, type: 'excel' });
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/analysis?${query.toString()}`, {
      method: 'POST',
      headers: {
        ...requestHeaders(await accessToken(), true),
        accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      body: JSON.stringify(request),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw failedCall(toApiError(response.status, await response.text().catch(() => '')));
  const fallback = `${(request.name ?? 'Analysis').replace(/[\\/:*?"<>|]/g, ' ').trim() || 'Analysis'}.xlsx`;
  return {
    fileName: contentDispositionFileName(response.headers.get('content-disposition'), fallback),
    blob: await response.blob(),
  };
}

export function useDownloadAnalysisExcel() {
  return useMutation({
    mutationFn: ({ request, auditTitle }: { request: AnalysisRequest; auditTitle: string }) =>
      downloadAnalysisExcel(request, auditTitle),
  });
}
