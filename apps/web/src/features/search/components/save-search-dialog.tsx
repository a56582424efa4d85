import { savedSearchFieldsSchema } from '@blotter/shared/schemas/search';
import { SaveDialog, type SaveFields, type SaveValues } from '../../../components/save-dialog';

export type SaveSearchFields = SaveFields;

interface SaveSearchDialogProps {
  open: boolean;
  /** 'create' saves a new search; 'update' changes the loaded one (its name and description shown). */
  action: 'create' | 'update';
  /** Where it goes, for the dialog's text: the dashboard or the reports page. */
  target: 'dashboard' | 'report';
  initial: SaveValues;
  busy: boolean;
  onCancel: () => void;
  onSave: (fields: SaveSearchFields) => void;
}

/** The Save Search dialog (spec 2 §2, §5): name required (max 100), description max 500. */
export function SaveSearchDialog({ action, target, ...props }: SaveSearchDialogProps) {
  return (
    <SaveDialog
      {...props}
      title="Save Search"
      nameLabel="Name"
      submitLabel={action === 'update' ? 'Update' : target === 'report' ? 'Save to Reports' : 'Save to Dashboard'}
      schema={savedSearchFieldsSchema}
    />
  );
}
