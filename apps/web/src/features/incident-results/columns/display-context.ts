import type { InitData } from '@blotter/shared/schemas/commons';
import type { LookupNode, SingleLookup } from '@blotter/shared/schemas/lookups';

/** What the result columns need to turn ids into the names a person reads. */
export interface ResultDisplayContext {
  /** Company date format (0 DD/MM/YYYY, 1 MM/DD/YYYY). */
  dateFormat: number;
  incidentClasses: readonly LookupNode[];
  locations: readonly LookupNode[];
  severities: readonly SingleLookup[];
  correctiveActionTypes: readonly SingleLookup[];
}

/** The display context of the signed-in user's company, from the initial data. */
export function resultDisplayContext(initData: InitData): ResultDisplayContext {
  return {
    dateFormat: initData.companySettings.dateFormat,
    incidentClasses: initData.multipleLookups.incidentClass ?? [],
    locations: initData.multipleLookups.location ?? [],
    severities: initData.singleLookups.severityType ?? [],
    correctiveActionTypes: initData.singleLookups.correctiveActionType ?? [],
  };
}
