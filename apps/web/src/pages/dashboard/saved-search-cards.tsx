import type { SavedSearch } from '@blotter/shared/schemas/search';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
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
        <Suspense
          fallback={
            <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
              <CircularProgress aria-label="Loading" />
            </Backdrop>
          }
        >
          <SavedSearchDialog
            key={running.seq}
            search={running.search}
            open={running.open}
            onClose={() => setRunning((current) => current && { ...current, open: false })}
          />
        </Suspense>
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
