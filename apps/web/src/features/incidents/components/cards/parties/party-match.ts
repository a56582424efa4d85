import type { CompanyMatch, PersonMatch } from '@blotter/shared/schemas/persons';
import { personDisplayName, UNKNOWN_NAME } from '../party-rules';

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

const lastSeen = (date: string | null) => (date ? `last seen ${date.slice(0, 10)}` : '');

export function personMatchToParty(match: PersonMatch): PartyMatch {
  return {
    personId: match.personId,
    name: personDisplayName(match),
    details: [
      match.alias ? `alias ${match.alias}` : '',
      match.isEmployee ? `Employee${match.position ? `, ${match.position}` : ''}` : '',
      place(match),
      lastSeen(match.lastSeenDate),
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

export function companyMatchToParty(match: CompanyMatch): PartyMatch {
  return {
    personId: match.personId,
    name: match.name.trim() || UNKNOWN_NAME,
    details: [
      match.isOwner ? 'Owner' : '',
      match.contact ? `contact ${match.contact}` : '',
      place(match),
      lastSeen(match.lastSeenDate),
    ]
      .filter(Boolean)
      .join(' · '),
  };
}

/** Search answers of either kind as PartyMatch rows. */
export function toPartyMatches(kind: 'person' | 'company', list: readonly unknown[]): PartyMatch[] {
  return kind === 'person'
    ? (list as PersonMatch[]).map(personMatchToParty)
    : (list as CompanyMatch[]).map(companyMatchToParty);
}
