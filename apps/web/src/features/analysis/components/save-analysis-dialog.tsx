import { savedAnalysisFieldsSchema } from '@blotter/shared/schemas/analysis';
import { SaveDialog, type SaveItemDialogProps } from '../../../components/save-dialog';

const fieldsSchema = savedAnalysisFieldsSchema.pick({ name: true, description: true });

/** The Save Analysis dialog (spec 2 §5): the title (required, max 100) and a description (max 500). */
export function SaveAnalysisDialog(props: SaveItemDialogProps) {
  return (
    <SaveDialog
      {...props}
      title="Save Analysis"
      nameLabel="Title"
      createLabels={{ dashboard: 'Save to dashboard', report: 'Save to reports' }}
      schema={fieldsSchema}
    />
  );
}
