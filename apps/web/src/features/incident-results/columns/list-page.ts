/** The last page (from 0) of a list of `total` rows, `pageSize` a page: 0 for an empty list. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}
