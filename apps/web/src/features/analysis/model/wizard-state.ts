import {
  type AnalysisFrequency,
  type AnalysisReportType,
  type ChartPeriod,
  DEFAULT_ANALYSIS_TITLE,
} from '@blotter/shared/schemas/analysis';

/** The six steps of the analysis wizard (spec 2 §2), in order. */
export const WIZARD_STEPS = [
  'Period (Date occurred)',
  'Frequency',
  'Incident class',
  'Location',
  'Report type',
  'Title and Generate',
] as const;
export const STEP = { period: 0, frequency: 1, incidentClass: 2, location: 3, reportType: 4, title: 5 } as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** Everything the wizard holds: page state, so leaving the page resets it (spec 2 §4). */
export interface WizardState {
  activeStep: number;
  periods: ChartPeriod[];
  frequency: AnalysisFrequency | '';
  classes: string[];
  locations: string[];
  chartType: AnalysisReportType | '';
  title: string;
  /** Generate was pressed and the report not hidden since (Back hides it). */
  generated: boolean;
}

export const initialWizardState: WizardState = {
  activeStep: 0,
  periods: [],
  frequency: '',
  classes: [],
  locations: [],
  chartType: '',
  title: '',
  generated: false,
};

export type WizardAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'goTo'; step: number }
  | { type: 'clear' }
  | { type: 'addPeriod'; period: ChartPeriod }
  | { type: 'removePeriod'; id: string }
  | { type: 'setFrequency'; frequency: AnalysisFrequency }
  | { type: 'addLookup'; kind: 'classes' | 'locations'; id: string }
  | { type: 'removeLookup'; kind: 'classes' | 'locations'; id: string }
  | { type: 'setChartType'; chartType: AnalysisReportType }
  | { type: 'setTitle'; title: string }
  | { type: 'generate' };

/** Next enablement of spec 2 §4, by the active step (0-based: 'step 1' is index 0). */
export function canGoNext(state: WizardState): boolean {
  switch (state.activeStep) {
    case STEP.period:
      return state.periods.length > 0;
    case STEP.frequency:
      return state.frequency !== '';
    case STEP.incidentClass:
    case STEP.location:
      return true;
    case STEP.reportType:
      return state.chartType !== '';
    default:
      return false;
  }
}

/** A step can be opened (stepper, summary) when Next would have led there from every step before it. */
export function canReach(state: WizardState, step: number): boolean {
  if (step < 0 || step > LAST_STEP) return false;
  for (let before = 0; before < step; before++) if (!canGoNext({ ...state, activeStep: before })) return false;
  return true;
}

/** Generate needs at least one period, a frequency, a chart type and a title (spec 2 §4). */
export function canGenerate(state: WizardState): boolean {
  return state.periods.length > 0 && state.frequency !== '' && state.chartType !== '' && state.title.trim() !== '';
}

/** Moving to the last step with an empty title sets it to 'My analysis' (spec 2 §4, §9). */
function moveTo(state: WizardState, step: number): WizardState {
  const activeStep = Math.min(Math.max(step, 0), LAST_STEP);
  const title = activeStep === LAST_STEP && state.title.trim() === '' ? DEFAULT_ANALYSIS_TITLE : state.title;
  // Any move away from where the report was generated hides it, as Back does.
  return { ...state, activeStep, title, generated: state.generated && activeStep === state.activeStep };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      return canGoNext(state) ? moveTo(state, state.activeStep + 1) : state;
    case 'back':
      return { ...moveTo(state, state.activeStep - 1), generated: false };
    case 'goTo':
      return canReach(state, action.step) ? moveTo(state, action.step) : state;
    case 'clear':
      return initialWizardState;
    case 'addPeriod':
      return { ...state, periods: [...state.periods, action.period], generated: false };
    case 'removePeriod':
      return {
        ...moveTo(state, STEP.period),
        periods: state.periods.filter((period) => period.id !== action.id),
        generated: false,
      };
    case 'setFrequency':
      return { ...state, frequency: action.frequency, generated: false };
    case 'addLookup':
      return state[action.kind].includes(action.id)
        ? state
        : { ...state, [action.kind]: [...state[action.kind], action.id], generated: false };
    case 'removeLookup':
      return {
        ...moveTo(state, action.kind === 'classes' ? STEP.incidentClass : STEP.location),
        [action.kind]: state[action.kind].filter((id) => id !== action.id),
        generated: false,
      };
    case 'setChartType':
      return { ...state, chartType: action.chartType, generated: false };
    case 'setTitle':
      return { ...state, title: action.title };
    case 'generate':
      return canGenerate(state) ? { ...state, generated: true } : state;
  }
}
