import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { hasAnyPrivilege, hasPrivilege } from '@blotter/shared/privileges';
import type { Draft } from '@blotter/shared/schemas/incident-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useSession } from '../../../../lib/auth/session-context';
import type { IncidentCreated } from '../../api/create-incident';
import { useDeleteWorkingDraft } from '../../hooks/use-delete-working-draft';
import type { DraftAutosave } from '../../hooks/use-draft-autosave';
import { useSubmitIncident } from '../../hooks/use-submit-incident';
import type { SubmitAttempt } from '../../utils/incident-resolver';
import { AutosaveStatus } from './autosave-status';
import { useRichTextFlushRegistry } from './rich-text-flush-context';

interface FormActionsProps {
  draft: Draft;
  autosave: DraftAutosave;
  attempt: SubmitAttempt;
  onSubmitted: (saved: IncidentCreated) => void;
  onDeleted: () => void;
}

/**
 * The form's action bar, kept in view at the bottom: the autosave status, Delete Draft (drafts only,
 * after confirmation) and Save. Saving a draft needs MYINCIDENT_ADD; saving an incident being edited
 * needs MYINCIDENT_EDIT or ALLINCIDENT_EDIT (spec 1 §6). Close incident comes with the lifecycle.
 */
export function FormActions({ draft, autosave, attempt, onSubmitted, onDeleted }: FormActionsProps) {
  const { claims } = useSession();
  const registry = useRichTextFlushRegistry();
  const { submit, submitting } = useSubmitIncident({ draft, autosave, attempt, registry, onSubmitted });
  const { deleteDraft, deleting } = useDeleteWorkingDraft(draft.id, autosave, onDeleted);
  const [confirming, setConfirming] = useState(false);
  const isDraft = draft.status === INCIDENT_STATUS.DRAFT;
  const maySave = isDraft
    ? hasPrivilege(claims, 'MYINCIDENT_ADD')
    : hasAnyPrivilege(claims, ['MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT']);
  const busy = submitting || deleting;

  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <AutosaveStatus autosave={autosave} />
      <Box sx={{ flexGrow: 1 }} />
      {isDraft && (
        <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
          Delete Draft
        </Button>
      )}
      {maySave && (
        <Button variant="contained" size="large" onClick={() => void submit()} disabled={busy}>
          Save
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete Draft"
        message="Are you sure you want to delete this draft?"
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void deleteDraft()}
      />
    </Paper>
  );
}
