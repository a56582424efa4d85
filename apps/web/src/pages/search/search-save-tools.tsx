import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import SaveIcon from '@mui/icons-material/Save';
import SummarizeIcon from '@mui/icons-material/Summarize';
import Button from '@mui/material/Button';
import type { SavedItemType } from './saved-item';
import type { SaveRequest } from './use-save-search';

interface SearchSaveToolsProps {
  /** REPORT_CREATE: Save to Reports is disabled without it (spec 2 §6). */
  canSaveReport: boolean;
  /** A saved search was loaded: Update shows. */
  canUpdate: boolean;
  loadedType: SavedItemType | undefined;
  onSave: (request: SaveRequest) => void;
}

/** Save to Reports, Save to Dashboard and Update beside the results' tools (spec 2 §2). */
export function SearchSaveTools({ canSaveReport, canUpdate, loadedType, onSave }: SearchSaveToolsProps) {
  return (
    <>
      <Button
        startIcon={<SummarizeIcon />}
        disabled={!canSaveReport}
        onClick={() => onSave({ target: 'report', action: 'create' })}
      >
        Save to Reports
      </Button>
      <Button startIcon={<DashboardCustomizeIcon />} onClick={() => onSave({ target: 'dashboard', action: 'create' })}>
        Save to Dashboard
      </Button>
      {canUpdate && loadedType && (
        <Button startIcon={<SaveIcon />} onClick={() => onSave({ target: loadedType, action: 'update' })}>
          Update
        </Button>
      )}
    </>
  );
}
