import { displayName, formatDate, personName } from '@blotter/shared/presentation';
import type { CompanyMatch, PersonMatch } from '@blotter/shared/schemas/persons';

/** A register entry as the search dialogs and duplicate lists show it. */
export interface PartyMatch {
  personId: string;
  name: string;
  /** Alias, position, place and when last seen, e.g. 'alias Red · Cashier · Toronto, Ontario'. */
  details: string;
}

/** Without PRIVACY_INFO_VIEW a person's place is left out of the answer. */
const place = (match: { cityName?: string; stateName?: string }) =>
  [match.cityName, match.stateName].filter(Boolean).join(', ');

/** When the party was last seen, in the company's date format. */
const lastSeen = (date: string | null, dateFormat: number) => (date ? `last seen ${formatDate(date, dateFormat)}` : '');

export function personMatchToParty(match: PersonMatch, dateFormat: number): PartyMatch {
  return {
    personId: match.personId,
    name: personName(match),
    details: [
      match.alias ? `alias ${match.alias}` : '',
      match.isEmployee ? `Employee${match.position ? `, ${match.position}` : ''}` : '',
      place(match),
      lastSeen(match.lastSeenDate, dateFormat),
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

export function companyMatchToParty(match: CompanyMatch, dateFormat: number): PartyMatch {
  return {
    personId: match.personId,
    name: displayName(match.name),
    details: [
      match.isOwner ? 'Owner' : '',
      match.contact ? `contact ${match.contact}` : '',
      place(match),
      lastSeen(match.lastSeenDate, dateFormat),
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

/** Search answers of either kind as PartyMatch rows. */
export function toPartyMatches(kind: 'person' | 'company', list: readonly unknown[], dateFormat: number): PartyMatch[] {
  return kind === 'person'
    ? (list as PersonMatch[]).map((match) => personMatchToParty(match, dateFormat))
    : (list as CompanyMatch[]).map((match) => companyMatchToParty(match, dateFormat));
}
