import { type IncidentFields, incidentFieldsSchema } from '@blotter/shared/schemas/incident-form';

/**
 * A copy of a working draft's unsaved data in the browser (localStorage), so typing done while the
 * server cannot be reached survives a reload. It is removed once the server has the same data.
 */
export interface LocalDraftCopy {
  /** When the copy was written (browser clock). */
  savedAt: string;
  /** The server's lastUpdateDate of the copy the edits were made on. */
  base: string;
  data: IncidentFields;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'blotter:draft:';

/** One key per user and draft, so a shared browser never offers one person's typing to another. */
export const localCopyKey = (userId: string, draftId: string) => `${PREFIX}${userId}:${draftId}`;

export function writeLocalCopy(
  store: Store,
  key: string,
  copy: Omit<LocalDraftCopy, 'data'> & { data: unknown },
): void {
  try {
    store.setItem(key, JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the server copy and the retries still protect the data.
  }
}

export function readLocalCopy(store: Store, key: string): LocalDraftCopy | undefined {
  let raw: string | null;
  try {
    raw = store.getItem(key);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LocalDraftCopy>;
    if (typeof value.savedAt !== 'string' || typeof value.base !== 'string') return undefined;
    const data = incidentFieldsSchema.safeParse(value.data);
    return data.success ? { savedAt: value.savedAt, base: value.base, data: data.data } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes the copy when it holds exactly the saved data (newer typing in it is kept). Both come from
 * the same form, so their JSON is compared as written (cheap enough after every save).
 */
export function clearLocalCopyIfSaved(store: Store, key: string, saved: unknown): void {
  try {
    const raw = store.getItem(key);
    if (!raw) return;
    const copy = JSON.parse(raw) as { data?: unknown };
    if (JSON.stringify(copy.data) === JSON.stringify(saved)) store.removeItem(key);
  } catch {
    // A broken copy is dropped when the draft is opened next.
  }
}

export function removeLocalCopy(store: Store, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to do without storage.
  }
}

/** Equal form data, whatever order the keys were written in (both go through the schema). */
export function sameData(a: unknown, b: unknown): boolean {
  const left = incidentFieldsSchema.safeParse(a);
  const right = incidentFieldsSchema.safeParse(b);
  if (!left.success || !right.success) return JSON.stringify(a) === JSON.stringify(b);
  return JSON.stringify(left.data) === JSON.stringify(right.data);
}

/**
 * What to do with a local copy when its draft is opened:
 * - 'restore': it was made on top of exactly what the server holds, so it is only newer;
 * - 'offer': the server changed since (another tab or device), but the copy is more recent: ask;
 * - 'discard': nothing new in it, or the server's copy is newer.
 */
export function restoreDecision(
  copy: LocalDraftCopy,
  draft: { lastUpdateDate: string; data: unknown },
): 'restore' | 'offer' | 'discard' {
  if (sameData(copy.data, draft.data)) return 'discard';
  if (copy.base === draft.lastUpdateDate) return 'restore';
  return Date.parse(copy.savedAt) > Date.parse(draft.lastUpdateDate) ? 'offer' : 'discard';
}
