import { queryOptions, useQuery } from '@tanstack/react-query';
import { networkError, toApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';

/** Text files shown in the viewer are cut here: a log of many megabytes would freeze the page. */
export const TEXT_PREVIEW_MAX = 1_000_000;

/**
 * The content of a text attachment, read through its signed URL (the link itself is the
 * permission, so no bearer token is sent).
 */
export async function getAttachmentText(url: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) throw toApiError(response.status, await response.text().catch(() => ''));
  const text = await response.text();
  return text.length > TEXT_PREVIEW_MAX ? `${text.slice(0, TEXT_PREVIEW_MAX)}\n…` : text;
}

export const attachmentTextQueryOptions = (attachmentId: string, url: string) =>
  queryOptions({
    queryKey: queryKeys.incidents.attachmentText(attachmentId),
    queryFn: ({ signal }) => getAttachmentText(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAttachmentText(attachmentId: string, url: string) {
  return useQuery(attachmentTextQueryOptions(attachmentId, url));
}
