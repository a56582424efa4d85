/** Names as people read them (spec 1 §8: a name that is missing shows as 'Unknown'). */

export const UNKNOWN = 'Unknown';

/** What the incident's investigator shows without one (spec 1 §2 header select). */
export const NOT_ASSIGNED = 'Not assigned';

/** The non-empty parts joined by spaces, or 'Unknown' when there are none. */
export function displayName(...parts: (string | null | undefined)[]): string {
  const name = parts
    .filter((p) => p?.trim())
    .map((p) => p?.trim())
    .join(' ');
  return name || UNKNOWN;
}

/** A person card's or contact's name: 'First Middle Last', or 'Unknown'. */
export const personName = (p: { firstName?: string | null; middleName?: string | null; lastName?: string | null }) =>
  displayName(p.firstName, p.middleName, p.lastName);

/** The investigator of an incident: 'Not assigned' without one, 'Unknown' when the user has no name. */
export function assigneeName(assignedUserId: string | null | undefined, assignedUserName: string | null | undefined) {
  return assignedUserId ? displayName(assignedUserName) : NOT_ASSIGNED;
}

/** The owner of a vehicle or item: nothing without an owner, 'Unknown' when the owner has no name. */
export function ownerName(ownerPersonId: string | null | undefined, name: string | null | undefined): string {
  return ownerPersonId ? displayName(name) : '';
}
