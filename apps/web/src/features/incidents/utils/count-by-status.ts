/** How many rows have the status (incident status codes: 0 draft, 1 open, 2 closed, 3 editing). */
export function countByStatus(rows: readonly { status: number }[], status: number): number {
  return rows.reduce((count, row) => (row.status === status ? count + 1 : count), 0);
}
