import { describe, expect, it } from 'vitest';
import { MEASUREMENT_TYPE } from '../constants';
import type { LookupNode } from '../schemas/lookups';
import {
  attachmentTypeLabel,
  flagsText,
  incidentStatusLabel,
  itemStatusLabel,
  lookupName,
  lookupPathText,
  measurementLabels,
  PERSON_RELATION_FLAGS,
  rootCauseText,
  truncateSummary,
  yesNo,
} from './labels';

const node = (id: string, name: string, children: LookupNode[] = []): LookupNode => ({
  id,
  type: 'incidentCause',
  name,
  active: true,
  parentId: null,
  level: 1,
  parentPath: '',
  label: 'Level 1',
  addressId: null,
  children,
});
const causes = [node('human', 'Human error', [node('door', 'Door propped open')])];

describe('labels', () => {
  it('name the switches that are on, and nothing when none is', () => {
    const none = {
      relationReporter: false,
      relationVictim: false,
      relationPersonOfInterest: false,
      relationSuspect: false,
      relationWitness: false,
      relationSubject: false,
    };
    const person = { ...none, relationReporter: true, relationWitness: true };
    expect(flagsText(person, PERSON_RELATION_FLAGS)).toBe('Reporter, Witness');
    expect(flagsText(none, PERSON_RELATION_FLAGS)).toBe('');
    expect(yesNo(true)).toBe('Yes');
  });

  it("label height and weight in the company's units", () => {
    expect(measurementLabels(MEASUREMENT_TYPE.US)).toMatchObject({
      height: 'Height (feet)',
      heightPlaceholder: 'e.g. 5 feet 7 inches',
      weight: 'Weight (lb)',
    });
    expect(measurementLabels(MEASUREMENT_TYPE.METRIC)).toMatchObject({
      height: 'Height (cm)',
      heightPlaceholder: 'e.g. 170',
      weight: 'Weight (kg)',
    });
    // An account whose unit is not known yet reads metric.
    expect(measurementLabels(undefined).height).toBe('Height (cm)');
  });

  it('name statuses and file types as people read them', () => {
    expect(itemStatusLabel('stolen')).toBe('Stolen');
    expect(itemStatusLabel('')).toBe('');
    expect(incidentStatusLabel(1)).toBe('Open');
    expect(incidentStatusLabel(3)).toBe('Editing');
    expect(incidentStatusLabel(9)).toBe('Unknown');
    expect(attachmentTypeLabel('MOVIE')).toBe('Video');
    expect(attachmentTypeLabel('ZIP')).toBe('Other');
  });
});

describe('lookup names', () => {
  it("name a lookup entry, nothing for no id and 'Unknown' for one that is gone or nameless", () => {
    const list = [
      { id: 'a', name: 'High ' },
      { id: 'b', name: ' ' },
    ];
    expect(lookupName(list, 'a')).toBe('High');
    expect(lookupName(list, null)).toBe('');
    expect(lookupName(list, 'gone')).toBe('Unknown');
    expect(lookupName(list, 'b')).toBe('Unknown');
    expect(lookupName(undefined, 'a')).toBe('Unknown');
  });

  it('write the path of a tree node from its root', () => {
    expect(lookupPathText(causes, 'door')).toBe('Human error / Door propped open');
    expect(lookupPathText(causes, 'gone')).toBe('Unknown');
    expect(lookupPathText(causes, '')).toBe('');
  });

  it('find a root cause in the tree, or in the single-level list a company may still hold', () => {
    const lookups = { multiple: { incidentCause: causes }, single: { primaryCause: [{ id: 'old', name: 'Weather' }] } };
    expect(rootCauseText(lookups, 'door')).toBe('Human error / Door propped open');
    expect(rootCauseText(lookups, 'old')).toBe('Weather');
    expect(rootCauseText(lookups, 'gone')).toBe('Unknown');
    expect(rootCauseText(lookups, null)).toBe('');
  });

  it('cut a summary at 200 characters', () => {
    expect(truncateSummary('a'.repeat(201))).toBe(`${'a'.repeat(200)}...`);
    expect(truncateSummary('short')).toBe('short');
  });
});
