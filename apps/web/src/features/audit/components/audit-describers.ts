import type { HistoryCompare } from '@blotter/shared/schemas/incident-view';
import type { ReactNode } from 'react';

/**
 * What the audit card borrows from other features, handed in by the page that composes it
 * (features do not import each other): the incident viewer's before/after compare, and the words
 * the search and analysis pages use for their criteria.
 */
export interface AuditDescribers {
  /** An incident change's versions, as the viewer's history compare shows them. */
  renderIncidentCompare(compare: HistoryCompare): ReactNode;
  /** The name of a kind of search criterion ('Date occurred', 'Legal entity', ...). */
  searchKindLabel(kind: string): string;
  /** One search criterion as the search page's criteria list words it. */
  searchCriterion(kind: string, criterion: unknown): string;
  /** An analysis period's label, a frequency and a chart type as the analysis page words them. */
  analysisPeriod(period: unknown): string;
  analysisFrequency(frequency: string): string;
  analysisChartType(chartType: string): string;
}
