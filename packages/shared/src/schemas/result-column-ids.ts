/** The result columns of spec 2 §3, in their default order (texts: presentation/result-columns). */
export const RESULT_COLUMN_IDS = [
  'number',
  'reportedDate',
  'occurredDate',
  'what',
  'severity',
  'enteredBy',
  'assignedTo',
  'status',
  'location',
  'summary',
  'persons',
  'legalEntities',
  'vehicles',
  'items',
  'correctiveActions',
] as const;
export type ResultColumnId = (typeof RESULT_COLUMN_IDS)[number];
