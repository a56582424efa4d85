import { INCIDENT_STATUS } from '@blotter/shared/constants';

/** The dashboard's incident cards, each opening its list (spec 2 §2 Dashboard). */
export type IncidentListKind = 'drafts' | 'open' | 'closed';

export const INCIDENT_LIST_TITLES: Record<IncidentListKind, string> = {
  drafts: 'Draft Incidents',
  open: 'Open Incidents',
  closed: 'Closed Incidents',
};

/** The status of the incidents a list shows (the Draft list has its own rows). */
export const INCIDENT_LIST_STATUS = { open: INCIDENT_STATUS.OPEN, closed: INCIDENT_STATUS.CLOSED } as const;

/**
 * sessionStorage key of the chosen result columns. One key for both the Open and the Closed list,
 * so a choice made in one applies to the other (spec 1 §4: the chosen order is kept in the session).
 */
export const DASHBOARD_COLUMNS_KEY = 'blotter.resultColumns.dashboard';
