import { API_BASE, accessToken, failedCall, requestHeaders } from './api-client';
import { ApiError, networkError, toApiError } from './api-error';

export interface UploadRequest {
  /** Multipart fields; the file is one of them. */
  fields: Record<string, string | Blob | null | undefined>;
  method?: 'POST' | 'PUT';
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Headers of this call besides the usual ones (the outbox's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Multipart body from the fields; null and undefined fields are left out, a File keeps its name. */
export function toFormData(fields: UploadRequest['fields']): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    body.append(key, value);
  }
  return body;
}

/**
 * Uploads a multipart form to the API under /api with XMLHttpRequest, which (unlike fetch) reports
 * upload progress. Same headers and error shape as apiFetch: bearer token, timezone offset, and a
 * failed answer thrown as ApiError with the server's message.
 */
export async function uploadWithProgress<T>(path: string, request: UploadRequest): Promise<T> {
  const token = await accessToken();
  return new Promise<T>((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method ?? 'POST', `${API_BASE}${path}`);
    // No content-type: the browser sets multipart/form-data with its boundary.
    for (const [name, value] of Object.entries({ ...requestHeaders(token, false), ...request.headers })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failedCall(toApiError(xhr.status, xhr.responseText)));
        return;
      }
      request.onProgress?.(1);
      if (!xhr.responseText) {
        resolve(undefined as T);
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new ApiError(xhr.status, 'BAD_RESPONSE', 'The server sent an answer that could not be read.'));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(toFormData(request.fields));
  });
}
