import type { Draft, IncidentFields, IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import { useEffect, useState } from 'react';
import type { UseFormGetValues } from 'react-hook-form';
import { ApiError } from '../../../lib/api-error';
import { copyOfDraft, type DraftSaved, saveDraft } from '../api/save-draft';
import { type AutosaveStatusStore, createAutosaveStatusStore } from '../utils/autosave-status-store';
import { Autosaver } from '../utils/autosaver';
import type { FlushRegistry } from '../utils/flush-registry';
import { normalisedData } from '../utils/form-values';
import { clearLocalCopyIfSaved, localCopyKey, writeLocalCopy } from '../utils/local-draft-copy';
import { markCopyStored } from '../utils/unstored-copies';

interface DraftAutosaveOptions {
  draft: Draft;
  userId: string;
  getValues: UseFormGetValues<IncidentFieldsInput>;
  registry: FlushRegistry;
  /** The form starts with data the server does not have yet (restored from the browser). */
  startsUnsaved: boolean;
}

export interface DraftAutosave {
  saver: Autosaver<IncidentFieldsInput, DraftSaved>;
  status: AutosaveStatusStore;
  /** The key of the browser copy of unsaved data. */
  localKey: string;
}

/** A 4xx answer is a refusal worth showing; anything else means the server could not be reached. */
function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const refused = error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
  return refused ? error.message : undefined;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The working draft's autosave (spec 1 §4): saves after changes (debounced), every 30 s, when the tab
 * is hidden or closed (keepalive) and when the form is left; keeps a browser copy of unsaved data.
 * The form's change subscription lives in a leaf component, which calls `saver.changed()`.
 */
export function useDraftAutosave({
  draft,
  userId,
  getValues,
  registry,
  startsUnsaved,
}: DraftAutosaveOptions): DraftAutosave {
  const [autosave] = useState<DraftAutosave>(() => {
    const localKey = localCopyKey(userId, draft.id);
    const status = createAutosaveStatusStore();
    const copyOf = copyOfDraft(draft);
    let base = draft.lastUpdateDate;
    const saver = new Autosaver<IncidentFieldsInput, DraftSaved>({
      read: ({ complete }) => {
        if (complete) registry.flushAll();
        return getValues();
      },
      // The server parses the data with the same schema; the form holds its input shape.
      save: (data, options) => saveDraft(draft.id, data as IncidentFields, { ...options, copyOf }),
      saved: normalisedData(draft.data),
      onUnsaved: (data) => {
        const store = storage();
        if (store) writeLocalCopy(store, localKey, { savedAt: new Date().toISOString(), base, data });
      },
      onSaved: (data, result) => {
        markCopyStored(draft.id);
        base = result.lastUpdateDate;
        const store = storage();
        if (store) clearLocalCopyIfSaved(store, localKey, data);
        status.saved();
      },
      onFailingChange: (failing, error) => status.setFailing(failing, refusalOf(error)),
    });
    return { saver, status, localKey };
  });

  useEffect(() => {
    const { saver, status } = autosave;
    saver.start();
    if (startsUnsaved) saver.changed();
    const hide = () => {
      void saver.flush({ keepalive: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    const onOnline = () => {
      void saver.flush();
    };
    // Only when the server keeps failing is there anything the browser copy might not cover.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (status.getSnapshot().failing && saver.hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving the form (route change): save what is not saved yet.
      void saver.close({ keepalive: true });
    };
  }, [autosave, startsUnsaved]);

  return autosave;
}
