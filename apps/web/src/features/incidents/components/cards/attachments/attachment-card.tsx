import type { Attachment, AttachmentRef } from '@blotter/shared/schemas/incident-parts';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../../../components/confirm-dialog';
import { FileThumbnail } from '../../../../../components/file-type-icon';
import { useSession } from '../../../../../lib/auth/session-context';
import { useDeleteAttachment } from '../../../api/delete-attachment';
import { canDeleteAttachment, DELETE_ATTACHMENT_QUESTION, NO_DELETE_PERMISSION } from './attachment-rules';
import { EditAttachmentDialog } from './edit-attachment-dialog';

interface AttachmentCardProps {
  workingCopyId: string;
  attachment: AttachmentRef;
  /** The server's answer for it (signed URLs, type, creation date), once known. */
  stored: Attachment | undefined;
  onRenamed: (change: { name: string; comments: string }) => void;
  onDeleted: () => void;
}

/** One attachment: thumbnail (images) or an icon, name, comments, Edit and Delete. */
export function AttachmentCard({ workingCopyId, attachment, stored, onRenamed, onDeleted }: AttachmentCardProps) {
  const nameId = useId();
  const { claims } = useSession();
  const remove = useDeleteAttachment(workingCopyId);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const deletable = canDeleteAttachment(stored, claims);
  const thumbnail = stored?.attachmentType === 'IMAGE' ? (stored.thumbnailSasKey ?? stored.sasKey) : null;

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={nameId}
      sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}
    >
      <FileThumbnail src={thumbnail} type={stored?.attachmentType} alt={`Thumbnail of ${attachment.name}`} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={nameId} component="h4" variant="subtitle2" sx={{ wordBreak: 'break-word' }}>
          {stored?.sasKey ? (
            <Link href={stored.sasKey} target="_blank" rel="noopener noreferrer">
              {attachment.name}
            </Link>
          ) : (
            attachment.name
          )}
        </Typography>
        {attachment.comments && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
            {attachment.comments}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button size="small" startIcon={<EditIcon />} onClick={() => setDialog('edit')} aria-describedby={nameId}>
            Edit
          </Button>
          <Tooltip title={deletable ? '' : NO_DELETE_PERMISSION}>
            {/* A disabled button gets no pointer events: the span carries the tooltip. */}
            <span>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlinedIcon />}
                disabled={!deletable || remove.isPending}
                onClick={() => setDialog('delete')}
                aria-describedby={nameId}
              >
                Delete
              </Button>
            </span>
          </Tooltip>
        </Box>
      </Box>
      {dialog === 'edit' && (
        <EditAttachmentDialog
          workingCopyId={workingCopyId}
          attachment={attachment}
          onSaved={(change) => {
            setDialog(null);
            onRenamed(change);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete confirmation"
        message={DELETE_ATTACHMENT_QUESTION}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(attachment.id, {
            onSuccess: () => {
              setDialog(null);
              onDeleted();
            },
            onError: () => setDialog(null),
          })
        }
      />
    </Paper>
  );
}
