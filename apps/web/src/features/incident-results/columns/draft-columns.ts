import { formatDateTime, incidentStatusLabel, lookupPathText } from '@blotter/shared/presentation';
import type { DraftRow } from '@blotter/shared/schemas/incidents';
import type { ResultDisplayContext } from './display-context';

export interface DraftColumn {
  id: 'creationDate' | 'lastUpdateDate' | 'what' | 'number' | 'status';
  header: string;
  text: (row: DraftRow, context: ResultDisplayContext) => string;
}

/** The columns of the Draft Incidents list (spec 1 §3 draft row); not adjustable (spec 2 §2). */
export const DRAFT_COLUMNS: readonly DraftColumn[] = [
  { id: 'creationDate', header: 'Date created', text: (row, c) => formatDateTime(row.creationDate, c.dateFormat) },
  { id: 'lastUpdateDate', header: 'Last modified', text: (row, c) => formatDateTime(row.lastUpdateDate, c.dateFormat) },
  {
    id: 'what',
    header: 'What',
    text: (row, c) => lookupPathText(c.incidentClasses, row.lastClassId),
  },
  { id: 'number', header: 'Number', text: (row) => (row.number === null ? '' : String(row.number)) },
  // Status 0 is a draft of a new incident, 3 the working copy of an open incident ('Editing').
  { id: 'status', header: 'Status', text: (row) => incidentStatusLabel(row.status) },
];
