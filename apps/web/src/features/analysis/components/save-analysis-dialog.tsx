import { savedAnalysisFieldsSchema } from '@blotter/shared/schemas/analysis';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';

const fieldsSchema = savedAnalysisFieldsSchema.pick({ name: true, description: true });
export type SaveAnalysisFields = z.output<typeof fieldsSchema>;
type SaveAnalysisValues = z.input<typeof fieldsSchema>;

interface SaveAnalysisDialogProps {
  open: boolean;
  action: 'create' | 'update';
  target: 'dashboard' | 'report';
  initial: SaveAnalysisValues;
  busy: boolean;
  onCancel: () => void;
  onSave: (fields: SaveAnalysisFields) => void;
}

/** The Save Analysis dialog (spec 2 §5): the title (required, max 100) and a description (max 500). */
export function SaveAnalysisDialog(props: SaveAnalysisDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {/* Mounted per opening, so each starts from its initial values. */}
      {props.open && <SaveAnalysisForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function SaveAnalysisForm({
  titleId,
  action,
  target,
  initial,
  busy,
  onCancel,
  onSave,
}: SaveAnalysisDialogProps & { titleId: string }) {
  const methods = useForm<SaveAnalysisValues, unknown, SaveAnalysisFields>({
    resolver: zodResolver(fieldsSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    void methods.handleSubmit(onSave)(event);
  };
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Save Analysis</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormTextField<SaveAnalysisValues> name="name" label="Title" required autoFocus disabled={busy} />
          <FormTextField<SaveAnalysisValues>
            name="description"
            label="Description"
            multiline
            minRows={3}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {action === 'update' ? 'Update' : target === 'report' ? 'Save to reports' : 'Save to dashboard'}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
