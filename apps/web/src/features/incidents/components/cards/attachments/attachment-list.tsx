import type { Attachment } from '@blotter/shared/schemas/incident-parts';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useDraftAttachments } from '../../../api/get-draft-attachments';
import { useOfflineCapture } from '../../../offline/offline-capture';
import { nextRunningName } from '../running-number';
import { AddAttachmentDialog } from './add-attachment-dialog';
import { AttachmentCard } from './attachment-card';
import { type AttachmentScope, useFormAttachments } from './use-form-attachments';

interface AttachmentListProps {
  workingCopyId: string;
  scope: AttachmentScope;
  /** Where the 'Add attachment' button goes; by default above the list. */
  renderAdd?: (button: ReactNode) => ReactNode;
  /** Shown when the list is empty. */
  emptyText?: string;
}

// The phone's photos of an incident recorded offline (issue 30), with its own chunk.
const OfflinePhotoList = lazy(() => import('../../../offline/components/offline-photo-list'));

/**
 * The attachments of one scope (the incident, a vehicle or an item) with 'Add attachment'; photos
 * kept on the phone when the form records an incident offline.
 */
export function AttachmentList(props: AttachmentListProps) {
  const offline = useOfflineCapture();
  if (!offline) return <StoredAttachmentList {...props} />;
  return (
    <Suspense fallback={null}>
      <OfflinePhotoList capture={offline} scope={props.scope} renderAdd={props.renderAdd} emptyText={props.emptyText} />
    </Suspense>
  );
}

/** The form keeps the references; the signed URLs come from the working copy's attachment list. */
function StoredAttachmentList({ workingCopyId, scope, renderAdd, emptyText }: AttachmentListProps) {
  const { refs, allNames, add, update, remove } = useFormAttachments(scope);
  const { data: stored } = useDraftAttachments(workingCopyId);
  const storedById = useMemo(() => new Map((stored ?? []).map((one) => [one.id, one])), [stored]);
  const [adding, setAdding] = useState<string | null>(null);

  const uploaded = (attachment: Attachment) => {
    add({
      id: attachment.id,
      name: attachment.name,
      comments: attachment.comments,
      incidentItemId: scope.incidentItemId,
      incidentVehicleId: scope.incidentVehicleId,
    });
    setAdding(null);
  };

  const addButton = (
    <Button startIcon={<AttachFileIcon />} onClick={() => setAdding(nextRunningName('Attachment', allNames()))}>
      Add attachment
    </Button>
  );

  return (
    <Box>
      {renderAdd ? renderAdd(addButton) : <Box sx={{ mb: 1 }}>{addButton}</Box>}
      {refs.length === 0 && emptyText && (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      )}
      {refs.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {refs.map((ref) => (
            <AttachmentCard
              key={ref.id}
              workingCopyId={workingCopyId}
              attachment={ref}
              stored={storedById.get(ref.id)}
              onRenamed={(change) => update(ref.id, change)}
              onDeleted={() => remove(ref.id)}
            />
          ))}
        </Box>
      )}
      {adding !== null && (
        <AddAttachmentDialog
          workingCopyId={workingCopyId}
          scope={scope}
          defaultName={adding}
          onUploaded={uploaded}
          onClose={() => setAdding(null)}
        />
      )}
    </Box>
  );
}
