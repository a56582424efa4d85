import { API_BASE, accessToken, failedCall, requestHeaders } from '../../../lib/api-client';
import { networkError, toApiError } from '../../../lib/api-error';
import { contentDispositionFileName, downloadBlob } from '../../../lib/download';

/** GET /lookupMultiples/export: saves the type's tree as the CSV file the server names. */
export async function exportLookups(type: string, fallbackName: string): Promise<void> {
  const headers = { ...requestHeaders(await accessToken(), false), accept: 'text/csv' };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/lookupMultiples/export?type=${encodeURIComponent(type)}`, { headers });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw failedCall(toApiError(response.status, await response.text().catch(() => '')));
  const fileName = contentDispositionFileName(response.headers.get('content-disposition'), fallbackName);
  downloadBlob(fileName, await response.blob());
}
