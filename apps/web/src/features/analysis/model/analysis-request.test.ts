import type { SavedAnalysis } from '@blotter/shared/schemas/analysis';
import { analysisRequestSchema } from '@blotter/shared/schemas/analysis';
import { describe, expect, it } from 'vitest';
import { analysisRequest, savedAnalysisBody, wizardStateOf } from './analysis-request';
import { initialWizardState, LAST_STEP, type WizardState } from './wizard-state';

const state: WizardState = {
  ...initialWizardState,
  periods: [
    { id: 'p1', type: 'lastNMonths', lastNMonths: 0, periodName: 'This month' },
    { id: 'p2', type: 'period', fromDate: '2025-11-01', toDate: '2025-11-30', periodName: '' },
  ],
  frequency: 'class',
  chartType: 'stackedBar',
  classes: ['11111111-1111-4111-8111-111111111111'],
  title: 'Thefts',
};
const clock = { timezone: 'America/Toronto', timezoneOffset: 300 };

describe('analysisRequest', () => {
  it('sends one criteria item per period with the zone, offset and OR filters', () => {
    const request = analysisRequest(state, clock);
    const parsed = analysisRequestSchema.parse(request);
    expect(parsed.name).toBe('Thefts');
    expect(parsed.criteria).toHaveLength(2);
    expect(parsed.criteria[0]).toMatchObject({
      periodName: 'This month',
      frequency: 'class',
      chartType: 'stackedBar',
      timezone: 'America/Toronto',
      timezoneOffset: 300,
      classCriteria: { values: ['11111111-1111-4111-8111-111111111111'], logicalOperation: 'OR' },
    });
    expect(parsed.criteria[0]?.locationCriteria).toBeUndefined();
  });

  it('leaves the zone out when the browser has none', () => {
    expect(analysisRequest(state, { timezone: undefined, timezoneOffset: -60 }).criteria[0]).not.toHaveProperty(
      'timezone',
    );
  });
});

describe('saved analyses', () => {
  it('saves and reopens the same choices on the last step', () => {
    const body = savedAnalysisBody(state, clock, { name: 'Thefts', description: 'Board pack' });
    expect(body).toMatchObject({ chartType: 'stackedBar', frequency: 'class', incidentClasses: state.classes });
    const saved: SavedAnalysis = {
      id: 'a1',
      name: 'Thefts',
      description: 'Board pack',
      creationDate: '2026-03-01T00:00:00Z',
      chartType: 'stackedBar',
      frequency: 'class',
      incidentClasses: state.classes,
      criteria: analysisRequestSchema.parse(analysisRequest(state, clock)).criteria,
    };
    const reopened = wizardStateOf(saved);
    expect(reopened.activeStep).toBe(LAST_STEP);
    expect(reopened.periods).toEqual(state.periods);
    expect(reopened.classes).toEqual(state.classes);
    expect(reopened.title).toBe('Thefts');
  });

  it('has nothing to save without a frequency or type', () => {
    expect(savedAnalysisBody({ ...state, frequency: '' }, clock, { name: 'x', description: '' })).toBeUndefined();
  });
});
