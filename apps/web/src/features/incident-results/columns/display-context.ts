import type { ResultDisplayContext } from '@blotter/shared/presentation';
import type { InitData } from '@blotter/shared/schemas/commons';

export type { ResultDisplayContext };

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
