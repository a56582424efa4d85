import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useEditAttachment } from '../../../api/edit-attachment';
import {
  type AttachmentEditDialogOutput,
  type AttachmentEditDialogValues,
  attachmentEditDialogSchema,
} from './attachment-dialog-schema';
import { ATTACHMENT_LIMITS } from './attachment-rules';

interface EditAttachmentDialogProps {
  workingCopyId: string;
  attachment: { id: string; name: string; comments: string };
  onSaved: (change: { name: string; comments: string }) => void;
  onClose: () => void;
}

/** The name dialog of an attachment (spec 1 §2): saves with PUT /incidents/attachments. */
export function EditAttachmentDialog({ workingCopyId, attachment, onSaved, onClose }: EditAttachmentDialogProps) {
  const titleId = useId();
  const edit = useEditAttachment(workingCopyId);
  const { control, handleSubmit, trigger } = useForm<AttachmentEditDialogValues, unknown, AttachmentEditDialogOutput>({
    resolver: zodResolver(attachmentEditDialogSchema),
    mode: 'onTouched',
    defaultValues: { name: attachment.name, comments: attachment.comments },
  });
  const save = handleSubmit((values) => {
    const change = { name: values.name.trim(), comments: values.comments };
    edit.mutate({ id: attachment.id, ...change }, { onSuccess: () => onSaved(change) });
  });
  const submit = (event: FormEvent) => {
    // The dialog is portalled, but React still bubbles its submit to the incident form.
    event.stopPropagation();
    void save(event);
  };

  return (
    <Dialog open onClose={edit.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Edit attachment</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Name"
                required
                autoFocus
                disabled={edit.isPending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                onChange={(event) => {
                  field.onChange(event);
                  // No maxLength: text typed or pasted past the limit shows the spec's message until corrected.
                  if (event.target.value.length > ATTACHMENT_LIMITS.name || fieldState.error) void trigger('name');
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="comments"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Comments"
                multiline
                minRows={2}
                disabled={edit.isPending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                onChange={(event) => {
                  field.onChange(event);
                  // No maxLength: text typed or pasted past the limit shows the spec's message until corrected.
                  if (event.target.value.length > ATTACHMENT_LIMITS.comments || fieldState.error)
                    void trigger('comments');
                }}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={edit.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
