import { INCIDENT_SEARCH_MESSAGES } from '@blotter/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { type BuildContext, buildCriteria, emptyDrafts, lastDaysCriterion } from './criterion-drafts';

const now = new Date(2026, 10, 24, 15, 30);
let seq = 0;
const context: BuildContext = {
  newId: () => `c${++seq}`,
  severityName: (id) => (id === '11111111-1111-4111-8111-111111111111' ? 'High' : undefined),
  timezone: 'America/Toronto',
};
const drafts = () => emptyDrafts(now);
const UUID = '22222222-2222-4222-8222-222222222222';

describe('emptyDrafts', () => {
  it('starts dates at yesterday to today, descendants included and the country CA', () => {
    const d = drafts();
    expect(d.dateOccurred).toMatchObject({ periodType: 'period', fromDate: '2026-11-23', toDate: '2026-11-24' });
    expect(d.class.includeDescendant).toBe(true);
    expect(d.location.includeDescendant).toBe(true);
    expect(d.address.countryCode).toBe('CA');
  });
});

describe('buildCriteria', () => {
  it('makes a period with its dates, times and the browser time zone', () => {
    const result = buildCriteria('dateOccurred', drafts().dateOccurred, context);
    expect(result).toEqual({
      criteria: [
        expect.objectContaining({
          periodType: 'period',
          fromDate: '2026-11-23',
          toDate: '2026-11-24',
          fromTime: '00:00',
          toTime: '23:59',
          timezone: 'America/Toronto',
        }),
      ],
    });
  });

  it('refuses a period that ends before it starts or lacks a date', () => {
    const d = drafts().dateReported;
    expect(buildCriteria('dateReported', { ...d, fromDate: '2026-11-25' }, context)).toEqual({
      error: INCIDENT_SEARCH_MESSAGES.periodOrder,
    });
    expect(buildCriteria('dateReported', { ...d, toDate: '' }, context)).toEqual({
      error: INCIDENT_SEARCH_MESSAGES.periodDates,
    });
  });

  it('adds nothing for a month or day-of-week criterion with nothing ticked', () => {
    const d = drafts().dateOccurred;
    expect(buildCriteria('dateOccurred', { ...d, periodType: 'month' }, context)).toEqual({ criteria: [] });
    expect(buildCriteria('dateOccurred', { ...d, periodType: 'dayOfWeek' }, context)).toEqual({ criteria: [] });
    const months = buildCriteria('dateOccurred', { ...d, periodType: 'month', months: [12, 3] }, context);
    expect(months).toEqual({ criteria: [expect.objectContaining({ periodType: 'month', months: [3, 12] })] });
  });

  it('takes last n days from a preset or a number starting 1-9', () => {
    const d = { ...drafts().dateOccurred, periodType: 'lastNDays' as const };
    expect(buildCriteria('dateOccurred', { ...d, daysChoice: '90' }, context)).toEqual({
      criteria: [expect.objectContaining({ days: 90 })],
    });
    expect(buildCriteria('dateOccurred', { ...d, daysChoice: 'other', daysOther: '45' }, context)).toEqual({
      criteria: [expect.objectContaining({ days: 45 })],
    });
    for (const text of ['0', '', '012', '1.5', 'x'])
      expect(buildCriteria('dateOccurred', { ...d, daysChoice: 'other', daysOther: text }, context)).toEqual({
        error: 'Please enter a number greater than 0.',
      });
  });

  it('takes last n months of 0 (the current month) but no negative or text', () => {
    const d = { ...drafts().dateOccurred, periodType: 'lastNMonths' as const };
    expect(buildCriteria('dateOccurred', { ...d, monthsChoice: '0' }, context)).toEqual({
      criteria: [expect.objectContaining({ lastNMonths: 0 })],
    });
    expect(buildCriteria('dateOccurred', { ...d, monthsChoice: 'other', monthsOther: '-1' }, context)).toEqual({
      error: 'Please enter a number greater than or equalt to 0.',
    });
  });

  it('needs both times for a work shift period', () => {
    const d = { ...drafts().dateOccurred, periodType: 'workShift' as const, fromTime: '22:00', toTime: '06:00' };
    expect(buildCriteria('dateOccurred', d, context)).toEqual({
      criteria: [expect.objectContaining({ fromTime: '22:00', toTime: '06:00' })],
    });
    expect(buildCriteria('dateOccurred', { ...d, toTime: '' }, context)).toEqual({
      error: INCIDENT_SEARCH_MESSAGES.workShiftTimes,
    });
  });

  it('shows the spec texts for a person, legal entity, class and location left empty', () => {
    const d = drafts();
    expect(buildCriteria('person', d.person, context)).toEqual({
      error: 'Please enter person name or set "Has person" on.',
    });
    expect(buildCriteria('company', d.company, context)).toEqual({
      error: 'Please set "Has legal entity" on, enter name or set "Is owner" on.',
    });
    expect(buildCriteria('class', d.class, context)).toEqual({ error: 'Please select Incident class' });
    expect(buildCriteria('location', d.location, context)).toEqual({ error: 'Please select Location' });
  });

  it('keeps the filled parts of a person with relations', () => {
    const person = { ...drafts().person, lastName: ' Tran ', relations: ['SUSPECT' as const] };
    expect(buildCriteria('person', person, context)).toEqual({
      criteria: [expect.objectContaining({ lastName: 'Tran', relations: ['SUSPECT'], hasPerson: false })],
    });
    const owner = { ...drafts().company, isOwner: true };
    expect(buildCriteria('company', owner, context)).toEqual({
      criteria: [expect.objectContaining({ isOwner: true })],
    });
  });

  it('makes a class criterion with or without descendants', () => {
    expect(buildCriteria('class', { lookupId: UUID, includeDescendant: false }, context)).toEqual({
      criteria: [expect.objectContaining({ lookupId: UUID, includeDescendant: false })],
    });
  });

  it('names the severity and refuses an incident number that is not a whole number', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(buildCriteria('severity', { lookupId: id }, context)).toEqual({
      criteria: [expect.objectContaining({ lookupId: id, lookupValue: 'High' })],
    });
    expect(buildCriteria('incidentNumber', { number: '12' }, context)).toEqual({
      criteria: [expect.objectContaining({ number: 12 })],
    });
    expect(buildCriteria('incidentNumber', { number: '1e2' }, context)).toEqual({
      error: INCIDENT_SEARCH_MESSAGES.incidentNumber,
    });
  });

  it('makes one status criterion per ticked status and none without any', () => {
    expect(buildCriteria('status', { open: false, closed: false }, context)).toEqual({ criteria: [] });
    const both = buildCriteria('status', { open: true, closed: true }, context);
    expect(both).toEqual({
      criteria: [expect.objectContaining({ status: 1 }), expect.objectContaining({ status: 2 })],
    });
  });

  it('needs some part of an address, a vehicle, an item, an attachment and a creator', () => {
    const d = drafts();
    expect(buildCriteria('address', d.address, context)).toEqual({
      criteria: [expect.objectContaining({ countryCode: 'CA', cityId: null })],
    });
    expect(buildCriteria('address', { ...d.address, countryCode: '' }, context)).toEqual({
      error: INCIDENT_SEARCH_MESSAGES.addressRequired,
    });
    expect(buildCriteria('vehicle', d.vehicle, context)).toEqual({ error: INCIDENT_SEARCH_MESSAGES.vehicleRequired });
    expect(buildCriteria('item', { ...d.item, serialNumber: 'SN1' }, context)).toEqual({
      criteria: [expect.objectContaining({ serialNumber: 'SN1' })],
    });
    expect(buildCriteria('attachment', d.attachment, context)).toEqual({
      error: INCIDENT_SEARCH_MESSAGES.attachmentRequired,
    });
    expect(buildCriteria('creator', d.creator, context)).toEqual({ error: INCIDENT_SEARCH_MESSAGES.creatorRequired });
  });
});

describe('lastDaysCriterion', () => {
  it('is a date period of the last n days in the browser zone', () => {
    expect(lastDaysCriterion(30, context)).toMatchObject({
      periodType: 'lastNDays',
      days: 30,
      timezone: 'America/Toronto',
    });
  });
});
