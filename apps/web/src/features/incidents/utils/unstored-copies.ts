/**
 * Working copies of incidents that are not stored yet (spec 1 §4, issue 9: opening Edit stores
 * nothing; the first change does). Calls that need the copy on the server (uploads, attachment
 * changes) store it first; the attachment list of a copy not stored yet is its incident's.
 */
interface UnstoredCopy {
  incidentId: string;
  store: () => Promise<void>;
  storing?: Promise<void>;
}

const copies = new Map<string, UnstoredCopy>();

/** Tracks a copy answered with `stored: false` (again: the newest answer wins). */
export function trackUnstoredCopy(id: string, incidentId: string, store: () => Promise<void>): void {
  copies.set(id, { incidentId, store });
}

/** The copy reached the server (its first autosave, or ensureStoredCopy). */
export function markCopyStored(id: string): void {
  copies.delete(id);
}

/** The incident of a copy not stored yet, or undefined (a stored copy or a draft). */
export function unstoredIncidentOf(id: string): string | undefined {
  return copies.get(id)?.incidentId;
}

/** Stores the working copy first when it is not stored yet; one request however many callers wait. */
export async function ensureStoredCopy(id: string): Promise<void> {
  const copy = copies.get(id);
  if (!copy) return;
  copy.storing ??= copy.store().then(
    () => markCopyStored(id),
    (error: unknown) => {
      copy.storing = undefined;
      throw error;
    },
  );
  await copy.storing;
}
