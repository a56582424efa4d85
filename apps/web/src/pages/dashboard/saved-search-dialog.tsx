import type { SavedSearch } from '@blotter/shared/schemas/search';
import { SavedSearchRunDialog } from '../search/saved-search-run-dialog';

interface SavedSearchDialogProps {
  search: SavedSearch;
  open: boolean;
  onClose: () => void;
}

/** A saved search run from its dashboard card (spec 2 §2), in the results dialog. */
export default function SavedSearchDialog(props: SavedSearchDialogProps) {
  return <SavedSearchRunDialog {...props} />;
}
