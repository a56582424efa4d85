import { DATE_FORMAT } from '@blotter/shared/constants';
import type { CompanyMatch, PersonMatch } from '@blotter/shared/schemas/persons';
import { describe, expect, it } from 'vitest';
import { companyMatchToParty, personMatchToParty, toPartyMatches } from './party-match';

// Local noon, so the day is the same in every timezone the test runs in.
const seen = '2026-03-04T12:00:00';
const person = {
  personId: 'p1',
  firstName: 'Ada',
  middleName: '',
  lastName: 'Moss',
  alias: '',
  isEmployee: false,
  position: '',
  lastSeenDate: seen,
} as PersonMatch;
const company = { personId: 'c1', name: 'Acme', contact: '', isOwner: false, lastSeenDate: seen } as CompanyMatch;

describe('party matches show when last seen in the company date format', () => {
  it('writes dd/MM/yyyy or MM/dd/yyyy, never yyyy-mm-dd', () => {
    expect(personMatchToParty(person, DATE_FORMAT.DMY).details).toBe('last seen 04/03/2026');
    expect(personMatchToParty(person, DATE_FORMAT.MDY).details).toBe('last seen 03/04/2026');
    expect(companyMatchToParty(company, DATE_FORMAT.MDY).details).toBe('last seen 03/04/2026');
    expect(toPartyMatches('person', [person], DATE_FORMAT.DMY)[0]?.details).not.toContain('2026-03-04');
  });

  it('leaves out the date of a party never seen', () => {
    expect(personMatchToParty({ ...person, lastSeenDate: null }, DATE_FORMAT.DMY).details).toBe('');
  });
});
