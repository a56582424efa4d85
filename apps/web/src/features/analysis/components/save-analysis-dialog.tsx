import { savedAnalysisFieldsSchema } from '@blotter/shared/schemas/analysis';
import { SaveDialog, type SaveFields, type SaveValues } from '../../../components/save-dialog';

const fieldsSchema = savedAnalysisFieldsSchema.pick({ name: true, description: true });
export type SaveAnalysisFields = SaveFields;

interface SaveAnalysisDialogProps {
  open: boolean;
  action: 'create' | 'update';
  target: 'dashboard' | 'report';
  initial: SaveValues;
  busy: boolean;
  onCancel: () => void;
  onSave: (fields: SaveAnalysisFields) => void;
}

/** The Save Analysis dialog (spec 2 §5): the title (required, max 100) and a description (max 500). */
export function SaveAnalysisDialog({ action, target, ...props }: SaveAnalysisDialogProps) {
  return (
    <SaveDialog
      {...props}
      title="Save Analysis"
      nameLabel="Title"
      submitLabel={action === 'update' ? 'Update' : target === 'report' ? 'Save to reports' : 'Save to dashboard'}
      schema={fieldsSchema}
    />
  );
}
