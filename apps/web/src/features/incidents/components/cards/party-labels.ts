import { MEASUREMENT_TYPE } from '@blotter/shared/constants';

export interface MeasurementLabels {
  height: string;
  heightPlaceholder: string;
  weight: string;
  weightPlaceholder: string;
}

/** Height and weight labels in the user's unit: cm/kg for metric, feet/lb for US accounts (spec 1 §2, §5). */
export function measurementLabels(measurementType: number | null | undefined): MeasurementLabels {
  if (measurementType === MEASUREMENT_TYPE.US) {
    return {
      height: 'Height (feet)',
      heightPlaceholder: 'e.g. 5 feet 7 inches',
      weight: 'Weight (lb)',
      weightPlaceholder: 'e.g. 160',
    };
  }
  return { height: 'Height (cm)', heightPlaceholder: 'e.g. 170', weight: 'Weight (kg)', weightPlaceholder: 'e.g. 70' };
}
