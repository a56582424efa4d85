import type { SavedSearch } from '@blotter/shared/schemas/search';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { DialogSuspense } from '../../components/dialog-suspense';
import { useDeleteSavedSearch } from '../../features/search/api/delete-saved-search';
import { useSavedSearches } from '../../features/search/api/get-saved-searches';
import { SavedSearchCard } from '../../features/search/components/saved-search-card';

// The results list (table, columns dialog, viewer) loads on the first click.
const SavedSearchDialog = lazy(() => import('./saved-search-dialog'));

/**
 * The user's saved searches on the dashboard (spec 2 §2): one card each with its count; a click
 * runs it in the results dialog, edit opens it on /search, delete asks first.
 */
export function SavedSearchCards() {
  const searches = useSavedSearches(true);
  const navigate = useNavigate();
  const remove = useDeleteSavedSearch();
  const [running, setRunning] = useState<{ search: SavedSearch; open: boolean; seq: number } | undefined>(undefined);
  const [deleting, setDeleting] = useState<SavedSearch | undefined>(undefined);

  return (
    <>
      {searches.data?.items.map((search) => (
        <SavedSearchCard
          key={search.id}
          search={search}
          onRun={() => setRunning((current) => ({ search, open: true, seq: (current?.seq ?? 0) + 1 }))}
          onEdit={() => navigate('/search', { state: { item: search, itemType: 'dashboard' } })}
          onDelete={() => setDeleting(search)}
        />
      ))}
      {running && (
        <DialogSuspense>
          <SavedSearchDialog
            key={running.seq}
            search={running.search}
            open={running.open}
            onClose={() => setRunning((current) => current && { ...current, open: false })}
          />
        </DialogSuspense>
      )}
      <ConfirmDeleteDialog
        target={deleting}
        title="Delete Search"
        noun="search"
        busy={remove.isPending}
        remove={remove.mutate}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
