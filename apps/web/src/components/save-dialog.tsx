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
import { FormTextField } from './form/form-text-field';

/** The fields a save dialog edits, as the schema gives them back. */
export interface SaveFields {
  name: string;
  description: string;
}
/** The fields as the form holds them (the description may be left out). */
export interface SaveValues {
  name: string;
  description?: string | undefined;
}

/** What the page gives a save dialog (Save Search, Save Analysis). */
export interface SaveItemDialogProps {
  open: boolean;
  /** 'create' saves a new item; 'update' changes the loaded one (its name and description shown). */
  action: 'create' | 'update';
  /** Where it goes, for the submit button's text: the dashboard or the reports page. */
  target: 'dashboard' | 'report';
  initial: SaveValues;
  busy: boolean;
  onCancel: () => void;
  onSave: (fields: SaveFields) => void;
}

interface SaveDialogProps extends SaveItemDialogProps {
  /** The dialog's title, also its accessible name. */
  title: string;
  /** The name field's label. */
  nameLabel: string;
  /** The submit button's text when creating, by target ('update' reads 'Update'). */
  createLabels: Record<SaveItemDialogProps['target'], string>;
  schema: z.ZodType<SaveFields, SaveValues>;
}

/** A dialog asking for a name (required) and a description before saving something. */
export function SaveDialog(props: SaveDialogProps) {
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
      {props.open && <SaveForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function SaveForm({
  titleId,
  title,
  nameLabel,
  action,
  target,
  createLabels,
  schema,
  initial,
  busy,
  onCancel,
  onSave,
}: SaveDialogProps & { titleId: string }) {
  const methods = useForm<SaveValues, unknown, SaveFields>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const submit = (event: FormEvent) => {
    // The dialog may sit inside another form (the search form): keep the submit to this one.
    event.stopPropagation();
    void methods.handleSubmit(onSave)(event);
  };
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormTextField<SaveValues> name="name" label={nameLabel} required autoFocus disabled={busy} />
          <FormTextField<SaveValues> name="description" label="Description" multiline minRows={3} disabled={busy} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {action === 'update' ? 'Update' : createLabels[target]}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
