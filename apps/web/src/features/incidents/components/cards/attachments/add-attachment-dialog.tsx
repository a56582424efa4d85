import type { Attachment } from '@blotter/shared/schemas/incident-parts';
import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useInitData } from '../../../../../lib/api/get-init-data';
import { errorMessage } from '../../../../../lib/api-error';
import { useUploadAttachment } from '../../../api/upload-attachment';
import { fileSizeError, formatMb } from '../file-limits';
import {
  type AttachmentDialogOutput,
  type AttachmentDialogValues,
  attachmentDialogSchema,
} from './attachment-dialog-schema';
import { ATTACHMENT_LIMITS } from './attachment-rules';
import type { AttachmentScope } from './use-form-attachments';

interface AddAttachmentDialogProps {
  workingCopyId: string;
  scope: AttachmentScope;
  /** 'Attachment N'. */
  defaultName: string;
  onUploaded: (attachment: Attachment) => void;
  onClose: () => void;
}

/**
 * 'Add Attachment': a file, its name and comments, uploaded with a progress bar. A failed upload
 * keeps the dialog open with the error and everything entered, ready to try again (spec 1 §4).
 */
export function AddAttachmentDialog({
  workingCopyId,
  scope,
  defaultName,
  onUploaded,
  onClose,
}: AddAttachmentDialogProps) {
  const titleId = useId();
  const fileLabelId = useId();
  const fileErrorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { data } = useInitData();
  const limitMb = data?.fileSizeLimit.maxUploadFileSize;
  const [progress, setProgress] = useState(0);
  const upload = useUploadAttachment(setProgress);
  const busy = upload.isPending;
  const { control, handleSubmit, setValue, setError, getValues, trigger } = useForm<
    AttachmentDialogValues,
    unknown,
    AttachmentDialogOutput
  >({
    resolver: zodResolver(attachmentDialogSchema),
    mode: 'onTouched',
    defaultValues: { file: null, name: defaultName, comments: '' },
  });

  const send = handleSubmit((values) => {
    if (!values.file) return;
    setProgress(0);
    upload.mutate(
      {
        incidentId: workingCopyId,
        incidentItemId: scope.incidentItemId,
        incidentVehicleId: scope.incidentVehicleId,
        name: values.name.trim(),
        comments: values.comments,
        file: values.file,
      },
      { onSuccess: onUploaded },
    );
  });
  const submit = (event: FormEvent) => {
    // The dialog is portalled, but React still bubbles its submit to the incident form.
    event.stopPropagation();
    void send(event);
  };

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    const tooLarge = fileSizeError(file, limitMb);
    if (tooLarge) {
      setValue('file', null);
      setError('file', { message: tooLarge });
      return;
    }
    setValue('file', file, { shouldValidate: true });
    upload.reset();
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Add Attachment</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Controller
            control={control}
            name="file"
            render={({ fieldState }) => (
              <Box>
                <Typography id={fileLabelId} variant="body2" color="text.secondary" gutterBottom>
                  File *
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Button
                    variant="outlined"
                    startIcon={<AttachFileIcon />}
                    disabled={busy}
                    onClick={() => inputRef.current?.click()}
                    aria-describedby={fieldState.error ? fileErrorId : undefined}
                  >
                    Choose file
                  </Button>
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {getValues('file')?.name ?? 'No file chosen'}
                  </Typography>
                </Box>
                <input
                  ref={inputRef}
                  type="file"
                  hidden
                  aria-labelledby={fileLabelId}
                  onChange={(event) => {
                    chooseFile(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
                <FormHelperText id={fileErrorId} error={Boolean(fieldState.error)}>
                  {fieldState.error?.message ?? (limitMb ? `Up to ${formatMb(limitMb)} MB.` : ' ')}
                </FormHelperText>
              </Box>
            )}
          />
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Name"
                required
                disabled={busy}
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
                disabled={busy}
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
          {busy && (
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />
          )}
          {upload.isError && <Alert severity="error">{errorMessage(upload.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Upload
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
