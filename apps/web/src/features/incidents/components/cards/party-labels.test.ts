import { describe, expect, it } from 'vitest';
import { measurementLabels } from './party-labels';

describe('measurementLabels', () => {
  it('uses cm and kg for metric accounts', () => {
    const labels = measurementLabels(0);
    expect(labels.height).toBe('Height (cm)');
    expect(labels.heightPlaceholder).toBe('e.g. 170');
    expect(labels.weight).toBe('Weight (kg)');
  });

  it('uses feet and lb for US accounts', () => {
    const labels = measurementLabels(1);
    expect(labels.height).toBe('Height (feet)');
    expect(labels.heightPlaceholder).toBe('e.g. 5 feet 7 inches');
    expect(labels.weight).toBe('Weight (lb)');
  });

  it('falls back to metric when the unit is not known', () => {
    expect(measurementLabels(undefined).height).toBe('Height (cm)');
  });
});
