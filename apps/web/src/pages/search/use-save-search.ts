import type { ResultColumnId } from '@blotter/shared/presentation';
import { SAVED_SEARCH_MESSAGES, type SearchCriteria, type SearchSort } from '@blotter/shared/schemas/search';
import { useCreateSavedSearch } from '../../features/search/api/create-saved-search';
import { useCreateSearchReport } from '../../features/search/api/create-search-report';
import { useUpdateSavedSearch } from '../../features/search/api/update-saved-search';
import { useUpdateSearchReport } from '../../features/search/api/update-search-report';
import type { SaveSearchFields } from '../../features/search/components/save-search-dialog';
import { toastSuccess } from '../../lib/toast';
import type { SavedItem, SavedItemType } from './saved-item';

/** One of the four saves (spec 2 §4): dashboard or report, a new one or the loaded one changed. */
export interface SaveRequest {
  target: SavedItemType;
  action: 'create' | 'update';
}

/** What a save stores besides its name and description: the criteria and order of the results shown, and their columns. */
export interface SavedSearchContent {
  criteria: SearchCriteria;
  sort: SearchSort;
  columns: ResultColumnId[];
}

/**
 * The four save operations with the success texts of spec 2 §8. `onSaved` gets the saved search
 * of an update (the page keeps editing it).
 */
export function useSaveSearch(onSaved: (saved: SavedItem | undefined) => void) {
  const createDashboard = useCreateSavedSearch();
  const createReport = useCreateSearchReport();
  const updateDashboard = useUpdateSavedSearch();
  const updateReport = useUpdateSearchReport();
  const busy = [createDashboard, createReport, updateDashboard, updateReport].some((m) => m.isPending);

  const save = (
    { target, action }: SaveRequest,
    fields: SaveSearchFields,
    content: SavedSearchContent,
    loaded: SavedItem | undefined,
  ) => {
    const body = { ...fields, ...content };
    if (action === 'update' && loaded) {
      const update = loaded.itemType === 'report' ? updateReport : updateDashboard;
      update.mutate(
        { ...body, id: loaded.item.id },
        {
          onSuccess: (item) => {
            toastSuccess(SAVED_SEARCH_MESSAGES.updated(item.name));
            onSaved({ item, itemType: loaded.itemType });
          },
        },
      );
      return;
    }
    const create = target === 'report' ? createReport : createDashboard;
    create.mutate(body, {
      onSuccess: () => {
        toastSuccess(
          target === 'report' ? SAVED_SEARCH_MESSAGES.savedToReport : SAVED_SEARCH_MESSAGES.savedToDashboard,
        );
        onSaved(undefined);
      },
    });
  };
  return { save, busy };
}
