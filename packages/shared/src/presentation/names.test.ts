import { describe, expect, it } from 'vitest';
import { assigneeName, displayName, ownerName, personName } from './names';

describe('names', () => {
  it("join the parts that are there, and read 'Unknown' without any", () => {
    expect(displayName('Jane', '', 'Doe')).toBe('Jane Doe');
    expect(displayName(' Jane ', null, undefined, 'Doe')).toBe('Jane Doe');
    expect(displayName('  ', null)).toBe('Unknown');
    expect(personName({ firstName: 'Jane', middleName: 'Q', lastName: 'Doe' })).toBe('Jane Q Doe');
    expect(personName({ firstName: '', lastName: '' })).toBe('Unknown');
  });

  it("show 'Not assigned' without an investigator and 'Unknown' for a nameless one", () => {
    expect(assigneeName(null, null)).toBe('Not assigned');
    expect(assigneeName(null, 'Jane Doe')).toBe('Not assigned');
    expect(assigneeName('u1', 'Jane Doe')).toBe('Jane Doe');
    expect(assigneeName('u1', '  ')).toBe('Unknown');
  });

  it("show no owner as nothing and a nameless owner as 'Unknown'", () => {
    expect(ownerName(null, 'Acme')).toBe('');
    expect(ownerName('p1', 'Acme')).toBe('Acme');
    expect(ownerName('p1', undefined)).toBe('Unknown');
  });
});
