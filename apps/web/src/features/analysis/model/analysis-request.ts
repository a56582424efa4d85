import {
  type AnalysisCriteriaItemInput,
  type AnalysisRequest,
  type ChartPeriod,
  DEFAULT_ANALYSIS_TITLE,
  type SavedAnalysis,
  type SavedAnalysisCreate,
} from '@blotter/shared/schemas/analysis';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { initialWizardState, type WizardState } from './wizard-state';

export interface ClientClock {
  timezone: string | undefined;
  /** Minutes, as Date#getTimezoneOffset. */
  timezoneOffset: number;
}

export const browserClock = (): ClientClock => ({
  timezone: browserTimeZone(),
  timezoneOffset: new Date().getTimezoneOffset(),
});

/**
 * The criteria list of a wizard's choices (spec 2 §3): one item per period, each with the
 * frequency, chart type, the client's zone and offset, and the class and location filters (OR).
 */
export function analysisCriteria(state: WizardState, clock: ClientClock): AnalysisCriteriaItemInput[] {
  const { frequency, chartType } = state;
  if (frequency === '' || chartType === '') return [];
  return state.periods.map((period) => ({
    periodName: period.periodName,
    period,
    frequency,
    chartType,
    timezoneOffset: clock.timezoneOffset,
    ...(clock.timezone ? { timezone: clock.timezone } : {}),
    ...(state.classes.length > 0 ? { classCriteria: { values: state.classes, logicalOperation: 'OR' as const } } : {}),
    ...(state.locations.length > 0
      ? { locationCriteria: { values: state.locations, logicalOperation: 'OR' as const } }
      : {}),
  }));
}

/** POST /analysis's body for the wizard's choices. */
export function analysisRequest(state: WizardState, clock: ClientClock): AnalysisRequest {
  return { criteria: analysisCriteria(state, clock), name: state.title.trim() || DEFAULT_ANALYSIS_TITLE };
}

/** The body that saves the wizard's analysis (to the dashboard or the reports). */
export function savedAnalysisBody(
  state: WizardState,
  clock: ClientClock,
  fields: { name: string; description: string },
): SavedAnalysisCreate | undefined {
  if (state.frequency === '' || state.chartType === '') return undefined;
  return {
    ...fields,
    criteria: analysisCriteria(state, clock),
    chartType: state.chartType,
    frequency: state.frequency,
    incidentClasses: state.classes,
  };
}

/**
 * The wizard showing a saved analysis (opened with edit from the dashboard or the reports page):
 * its periods, frequency, filters, type and title, on the last step.
 */
export function wizardStateOf(saved: SavedAnalysis): WizardState {
  const first = saved.criteria[0];
  const periods: ChartPeriod[] = saved.criteria.map((item) => ({
    ...item.period,
    periodName: item.period.periodName || item.periodName,
  }));
  return {
    ...initialWizardState,
    activeStep: 5,
    periods,
    frequency: saved.frequency,
    chartType: saved.chartType,
    classes: first?.classCriteria?.values ?? saved.incidentClasses,
    locations: first?.locationCriteria?.values ?? [],
    title: saved.name,
  };
}

/** POST /analysis's body for a saved analysis, as the dashboard card and the report run it. */
export function savedAnalysisRequest(saved: SavedAnalysis, clock: ClientClock): AnalysisRequest {
  return analysisRequest(wizardStateOf(saved), clock);
}
