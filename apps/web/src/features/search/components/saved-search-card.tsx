import type { SavedSearch } from '@blotter/shared/schemas/search';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { CountCard } from '../../../components/count-card';
import { useSavedSearchCount } from '../api/get-saved-search-count';

interface SavedSearchCardProps {
  search: SavedSearch;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A saved search on the dashboard (spec 2 §2): its count of matching incidents, edit and delete. */
export function SavedSearchCard({ search, onRun, onEdit, onDelete }: SavedSearchCardProps) {
  const count = useSavedSearchCount(search.id);
  const text = count.data && `${count.data.total.toLocaleString('en-US')}${count.data.totalCapped ? '+' : ''}`;
  return (
    <CountCard
      title={search.name}
      description={search.description || undefined}
      count={text}
      failed={count.isError}
      onClick={onRun}
      actions={
        <>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${search.name}`} onClick={onEdit} size="small">
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${search.name}`} onClick={onDelete} size="small" color="error">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      }
    />
  );
}
