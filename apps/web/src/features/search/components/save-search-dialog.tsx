import { savedSearchFieldsSchema } from '@blotter/shared/schemas/search';
import { SaveDialog, type SaveFields, type SaveItemDialogProps } from '../../../components/save-dialog';

export type SaveSearchFields = SaveFields;

/** The Save Search dialog (spec 2 §2, §5): name required (max 100), description max 500. */
export function SaveSearchDialog(props: SaveItemDialogProps) {
  return (
    <SaveDialog
      {...props}
      title="Save Search"
      nameLabel="Name"
      createLabels={{ dashboard: 'Save to Dashboard', report: 'Save to Reports' }}
      schema={savedSearchFieldsSchema}
    />
  );
}
