import { useMutation } from '@tanstack/react-query';
import { API_BASE, accessToken, failedCall, requestHeaders } from '../../../lib/api-client';
import { networkError, toApiError } from '../../../lib/api-error';

/**
 * GET /incidents/{id}/print: the incident as a PDF. apiFetch reads JSON only, so this call fetches
 * the bytes itself with the same headers (bearer token, timezone) and the same error handling
 * (the server's message; an expired token logs out).
 */
export async function printIncident(id: string, signal?: AbortSignal): Promise<Blob> {
  const headers = { ...requestHeaders(await accessToken(), false), accept: 'application/pdf' };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/incidents/${encodeURIComponent(id)}/print`, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) throw failedCall(toApiError(response.status, await response.text().catch(() => '')));
  const blob = await response.blob();
  // The browser's PDF viewer needs the type on the blob to show it in a frame.
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

export function usePrintIncident() {
  return useMutation({ mutationFn: (id: string) => printIncident(id) });
}
