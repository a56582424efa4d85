import { savedSearchFieldsSchema } from '@blotter/shared/schemas/search';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent } from 'react';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';

export type SaveSearchFields = z.output<typeof savedSearchFieldsSchema>;
type SaveSearchValues = z.input<typeof savedSearchFieldsSchema>;

interface SaveSearchDialogProps {
  open: boolean;
  /** 'create' saves a new search; 'update' changes the loaded one (its name and description shown). */
  action: 'create' | 'update';
  /** Where it goes, for the dialog's text: the dashboard or the reports page. */
  target: 'dashboard' | 'report';
  initial: SaveSearchValues;
  busy: boolean;
  onCancel: () => void;
  onSave: (fields: SaveSearchFields) => void;
}

/** The Save Search dialog (spec 2 §2, §5): name required (max 100), description max 500. */
export function SaveSearchDialog(props: SaveSearchDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {/* Mounted per opening, so each starts from its initial name. */}
      {props.open && <SaveSearchForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function SaveSearchForm({
  titleId,
  action,
  target,
  initial,
  busy,
  onCancel,
  onSave,
}: SaveSearchDialogProps & { titleId: string }) {
  const methods = useForm<SaveSearchValues, unknown, SaveSearchFields>({
    resolver: zodResolver(savedSearchFieldsSchema),
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
        <DialogTitle id={titleId}>Save Search</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormTextField<SaveSearchValues> name="name" label="Name" required autoFocus disabled={busy} />
          <FormTextField<SaveSearchValues>
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
            {action === 'update' ? 'Update' : target === 'report' ? 'Save to Reports' : 'Save to Dashboard'}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
