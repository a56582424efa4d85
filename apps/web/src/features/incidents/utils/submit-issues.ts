/** Top-level form fields in the order the form shows them (header, When … Corrective actions). */
export const FORM_FIELD_ORDER: readonly string[] = [
  'assignedUserId',
  'reportedDate',
  'occurredDate',
  'occurredDateUncertain',
  'lastClassId',
  'severityId',
  'location',
  'primaryCauseId',
  'causeComments',
  'summary',
  'persons',
  'companies',
  'vehicles',
  'items',
  'attachments',
  'correctiveActions',
];

export interface FieldIssue {
  /** The form field path, e.g. 'persons.0.firstName'. */
  name: string;
  message: string;
}

/**
 * The issues of a failed submit validation in form order (the first one is shown, spec 1 §5), one
 * per field (the first message of a field wins).
 */
export function orderedIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldIssue[] {
  const rank = (issue: { path: readonly PropertyKey[] }) => {
    const index = FORM_FIELD_ORDER.indexOf(String(issue.path[0] ?? ''));
    return index === -1 ? FORM_FIELD_ORDER.length : index;
  };
  const seen = new Set<string>();
  const result: FieldIssue[] = [];
  for (const issue of [...issues].sort((a, b) => rank(a) - rank(b))) {
    const name = issue.path.map(String).join('.');
    if (seen.has(name)) continue;
    seen.add(name);
    result.push({ name, message: issue.message });
  }
  return result;
}
