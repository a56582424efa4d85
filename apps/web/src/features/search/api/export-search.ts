import { csvFileName } from '@blotter/shared/presentation';
import type { SearchExportRequest } from '@blotter/shared/schemas/search';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, accessToken, failedCall, requestHeaders } from '../../../lib/api-client';
import { networkError, toApiError } from '../../../lib/api-error';
import { contentDispositionFileName, csvRecordCounter } from '../model/csv-stream';

export interface ExportedFile {
  fileName: string;
  blob: Blob;
}

/**
 * POST /incidents/search/export: every matching incident as CSV in the chosen columns, streamed by
 * the server. The body is read as it arrives so `onRows` can tell how many rows came; the file is
 * named from the answer's Content-Disposition.
 */
export async function exportSearch(
  request: SearchExportRequest,
  onRows: (rows: number) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const headers = { ...requestHeaders(await accessToken(), true), accept: 'text/csv' };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/incidents/search/export`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) throw failedCall(toApiError(response.status, await response.text().catch(() => '')));

  const fallback = csvFileName(request.title ?? 'Search results');
  const fileName = contentDispositionFileName(response.headers.get('content-disposition'), fallback);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const counter = csvRecordCounter();
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      counter.push(value);
      onRows(counter.rows());
    }
  }
  return { fileName, blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }) };
}

export function useExportSearch() {
  return useMutation({
    mutationFn: ({
      request,
      onRows,
      signal,
    }: {
      request: SearchExportRequest;
      onRows: (rows: number) => void;
      signal?: AbortSignal;
    }) => exportSearch(request, onRows, signal),
  });
}
