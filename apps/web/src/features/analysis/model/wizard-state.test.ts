import { type ChartPeriod, DEFAULT_ANALYSIS_TITLE } from '@blotter/shared/schemas/analysis';
import { describe, expect, it } from 'vitest';
import {
  canGenerate,
  canGoNext,
  canReach,
  initialWizardState,
  LAST_STEP,
  STEP,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from './wizard-state';

const period: ChartPeriod = { id: 'p1', type: 'lastNDays', days: 30, periodName: '' };
const run = (actions: WizardAction[], from: WizardState = initialWizardState) => actions.reduce(wizardReducer, from);
const ready = run([
  { type: 'addPeriod', period },
  { type: 'setFrequency', frequency: 'month' },
  { type: 'setChartType', chartType: 'bar' },
]);

describe('Next enablement (spec 2 §4)', () => {
  it('step 1 needs a period', () => {
    expect(canGoNext(initialWizardState)).toBe(false);
    expect(wizardReducer(initialWizardState, { type: 'next' }).activeStep).toBe(0);
    const withPeriod = run([{ type: 'addPeriod', period }]);
    expect(canGoNext(withPeriod)).toBe(true);
    expect(wizardReducer(withPeriod, { type: 'next' }).activeStep).toBe(STEP.frequency);
  });

  it('step 2 needs a frequency', () => {
    const atFrequency = run([{ type: 'addPeriod', period }, { type: 'next' }]);
    expect(canGoNext(atFrequency)).toBe(false);
    expect(canGoNext(wizardReducer(atFrequency, { type: 'setFrequency', frequency: 'weekday' }))).toBe(true);
  });

  it('steps 3 and 4 always, step 5 only with a chart type, never at the last step', () => {
    const base = run([
      { type: 'addPeriod', period },
      { type: 'setFrequency', frequency: 'class' },
    ]);
    expect(canGoNext({ ...base, activeStep: STEP.incidentClass })).toBe(true);
    expect(canGoNext({ ...base, activeStep: STEP.location })).toBe(true);
    expect(canGoNext({ ...base, activeStep: STEP.reportType })).toBe(false);
    expect(canGoNext({ ...base, activeStep: STEP.reportType, chartType: 'pie' })).toBe(true);
    expect(canGoNext({ ...ready, activeStep: LAST_STEP })).toBe(false);
  });
});

describe('Generate enablement', () => {
  it('needs a period, a frequency, a chart type and a title', () => {
    expect(canGenerate(ready)).toBe(false);
    expect(canGenerate({ ...ready, title: '  ' })).toBe(false);
    expect(canGenerate({ ...ready, title: 'Thefts' })).toBe(true);
    expect(canGenerate({ ...ready, title: 'Thefts', periods: [] })).toBe(false);
    expect(canGenerate({ ...ready, title: 'Thefts', frequency: '' })).toBe(false);
    expect(canGenerate({ ...ready, title: 'Thefts', chartType: '' })).toBe(false);
  });

  it('marks the report generated only when enabled', () => {
    expect(wizardReducer(ready, { type: 'generate' }).generated).toBe(false);
    expect(wizardReducer({ ...ready, title: 'T' }, { type: 'generate' }).generated).toBe(true);
  });
});

describe('default title', () => {
  const toLast = (state: WizardState) =>
    run([{ type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }], state);

  it("moving to the last step with an empty title sets 'My analysis'", () => {
    const last = toLast(ready);
    expect(last.activeStep).toBe(LAST_STEP);
    expect(last.title).toBe(DEFAULT_ANALYSIS_TITLE);
    expect(canGenerate(last)).toBe(true);
  });

  it('keeps a title typed before', () => {
    expect(toLast({ ...ready, title: 'Thefts by month' }).title).toBe('Thefts by month');
  });

  it('jumping to the last step from the summary sets it too', () => {
    expect(wizardReducer(ready, { type: 'goTo', step: LAST_STEP }).title).toBe(DEFAULT_ANALYSIS_TITLE);
  });
});

describe('moves', () => {
  it('Back goes back and hides the generated report', () => {
    const generated = wizardReducer({ ...ready, activeStep: LAST_STEP, title: 'T' }, { type: 'generate' });
    const back = wizardReducer(generated, { type: 'back' });
    expect(back.activeStep).toBe(STEP.reportType);
    expect(back.generated).toBe(false);
  });

  it('Clear resets everything to step 0', () => {
    expect(wizardReducer({ ...ready, activeStep: 4, title: 'T', classes: ['c'] }, { type: 'clear' })).toEqual(
      initialWizardState,
    );
  });

  it('deleting a period, class or location jumps to its step', () => {
    const full = { ...ready, activeStep: LAST_STEP, classes: ['c1', 'c2'], locations: ['l1'] };
    const noClass = wizardReducer(full, { type: 'removeLookup', kind: 'classes', id: 'c1' });
    expect(noClass.activeStep).toBe(STEP.incidentClass);
    expect(noClass.classes).toEqual(['c2']);
    const noLocation = wizardReducer(full, { type: 'removeLookup', kind: 'locations', id: 'l1' });
    expect(noLocation.activeStep).toBe(STEP.location);
    expect(noLocation.locations).toEqual([]);
    const noPeriod = wizardReducer(full, { type: 'removePeriod', id: 'p1' });
    expect(noPeriod.activeStep).toBe(STEP.period);
    expect(noPeriod.periods).toEqual([]);
  });

  it('a step opens from the summary only when Next would lead there', () => {
    expect(canReach(initialWizardState, STEP.frequency)).toBe(false);
    expect(wizardReducer(initialWizardState, { type: 'goTo', step: STEP.reportType }).activeStep).toBe(0);
    expect(canReach(ready, LAST_STEP)).toBe(true);
    expect(canReach({ ...ready, chartType: '' }, LAST_STEP)).toBe(false);
    expect(canReach({ ...ready, chartType: '' }, STEP.reportType)).toBe(true);
  });

  it('adds a class once', () => {
    const once = run([
      { type: 'addLookup', kind: 'classes', id: 'c1' },
      { type: 'addLookup', kind: 'classes', id: 'c1' },
    ]);
    expect(once.classes).toEqual(['c1']);
  });
});
