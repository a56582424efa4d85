import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { dateCriterionSchema } from '@blotter/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { type CriterionLabelContext, criterionLabel } from './criterion-label';

const node = (id: string, name: string, children: LookupNode[] = []): LookupNode => ({
  id,
  type: 'incidentClass',
  name,
  active: true,
  parentId: null,
  level: 1,
  parentPath: '',
  label: '',
  addressId: null,
  children,
});

const context = (dateFormat: number): CriterionLabelContext => ({
  dateFormat,
  incidentClasses: [node('security', 'Security', [node('theft', 'Theft')])],
  locations: [node('north', 'North car park')],
  severities: [{ id: 'high', type: 'severityType', name: 'High', active: true, code: '' }],
  countries: [{ code: 'CA', name: 'Canada' }],
  states: [{ code: 'ON', name: 'Ontario', countryCode: 'CA' }],
});
const date = (value: object) => dateCriterionSchema.parse({ id: 'd', ...value });

describe('criterionLabel', () => {
  it('shows a period in the company date format with times', () => {
    const period = date({
      periodType: 'period',
      fromDate: '2026-11-02',
      toDate: '2026-11-24',
      fromTime: '00:00',
      toTime: '23:59',
    });
    expect(criterionLabel('dateOccurred', period, context(0))).toBe('02/11/2026 12:00 AM – 24/11/2026 11:59 PM');
    expect(criterionLabel('dateOccurred', period, context(1))).toBe('11/02/2026 12:00 AM – 11/24/2026 11:59 PM');
  });

  it('reads months, weekdays, last n days and months and a work shift', () => {
    const c = context(0);
    expect(criterionLabel('dateReported', date({ periodType: 'month', months: [1, 12] }), c)).toBe('Months: Jan, Dec');
    expect(criterionLabel('dateReported', date({ periodType: 'dayOfWeek', dayOfWeeks: [0, 5] }), c)).toBe(
      'Days: Sun, Fri',
    );
    expect(criterionLabel('dateReported', date({ periodType: 'lastNDays', days: 30 }), c)).toBe('Last 30 days');
    expect(criterionLabel('dateReported', date({ periodType: 'lastNMonths', lastNMonths: 0 }), c)).toBe(
      'Current month',
    );
    expect(criterionLabel('dateReported', date({ periodType: 'lastNMonths', lastNMonths: 1 }), c)).toBe(
      'Previous month',
    );
    expect(criterionLabel('dateReported', date({ periodType: 'lastNMonths', lastNMonths: 12 }), c)).toBe(
      'Previous 12 months',
    );
    expect(
      criterionLabel('dateReported', date({ periodType: 'workShift', fromTime: '22:00', toTime: '06:30' }), c),
    ).toBe('Work shift 10:00 PM – 06:30 AM');
  });

  it('names lookups by their path and says when descendants are included', () => {
    const c = context(0);
    expect(criterionLabel('class', { id: 'x', lookupId: 'theft', includeDescendant: true }, c)).toBe(
      'Security / Theft (and below)',
    );
    expect(criterionLabel('location', { id: 'x', lookupId: 'north', includeDescendant: false }, c)).toBe(
      'North car park',
    );
    expect(criterionLabel('severity', { id: 'x', lookupId: 'high' }, c)).toBe('High');
  });

  it('joins the parts of a person, legal entity and address', () => {
    const c = context(0);
    expect(
      criterionLabel(
        'person',
        {
          id: 'p',
          firstName: '',
          middleName: '',
          lastName: 'Tran',
          hasPerson: false,
          isEmployee: true,
          relations: ['SUSPECT', 'WITNESS'],
        },
        c,
      ),
    ).toBe('Tran · Employee · Suspect, Witness');
    expect(criterionLabel('company', { id: 'c', name: '', hasCompany: true, isOwner: false, relations: [] }, c)).toBe(
      'Has legal entity',
    );
    expect(
      criterionLabel(
        'address',
        {
          id: 'a',
          cityId: null,
          cityName: 'Ottawa',
          stateProvinceCode: 'ON',
          countryCode: 'CA',
          street: 'Bank',
          address: '',
          unit: '',
        },
        c,
      ),
    ).toBe('Street "Bank" · Ottawa · Ontario · Canada');
  });

  it('reads a status, an incident number and a creator', () => {
    const c = context(0);
    expect(criterionLabel('status', { id: 's', status: 2 }, c)).toBe('Closed');
    expect(criterionLabel('incidentNumber', { id: 'n', number: 42 }, c)).toBe('#42');
    expect(criterionLabel('creator', { id: 'u', firstName: 'Ann', lastName: '' }, c)).toBe('Ann');
  });
});
