import { API_BASE, accessToken, failedCall, requestHeaders } from '../../../lib/api-client';
import { networkError, toApiError } from '../../../lib/api-error';
import { contentDispositionFileName, downloadBlob } from '../../../lib/download';
import { importPath } from './import-types';

/** GET /imports/{id}/report.csv: saves every row's outcome and reason under the name the server gives. */
export async function downloadImportReport(id: string, fallbackName: string): Promise<void> {
  const headers = { ...requestHeaders(await accessToken(), false), accept: 'text/csv' };
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${importPath(id, '/report.csv')}`, { headers });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw failedCall(toApiError(response.status, await response.text().catch(() => '')));
  const fileName = contentDispositionFileName(response.headers.get('content-disposition'), fallbackName);
  downloadBlob(fileName, await response.blob());
}
