import { apiFetchPdf } from '../../../lib/api-client';

/** GET /subscriptions2/receipts/{id}/pdf: a receipt as a PDF. */
export function getReceiptPdf(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiFetchPdf(`/subscriptions2/receipts/${encodeURIComponent(id)}/pdf`, signal);
}
