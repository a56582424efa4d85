/** A page of a server-paged list: page p (from 0) of psz rows, optionally of one status. */
export interface PageParams {
  status?: number;
  p: number;
  psz: number;
}

/** 'p=0&psz=10&status=1': the query string of a page of a list. */
export function pageQueryString({ status, p, psz }: PageParams): string {
  const query = new URLSearchParams({ p: String(p), psz: String(psz) });
  if (status !== undefined) query.set('status', String(status));
  return query.toString();
}
