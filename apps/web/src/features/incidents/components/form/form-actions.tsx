import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { hasAnyPrivilege, hasPrivilege } from '@blotter/shared/privileges';
import type { Draft } from '@blotter/shared/schemas/incident-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { CloseIncidentDialog } from '../../../../components/close-incident-dialog';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { errorMessage } from '../../../../lib/api-error';
import { useSession } from '../../../../lib/auth/session-context';
import { toastError } from '../../../../lib/toast';
import { useToastOffset } from '../../../../lib/toast-offset';
import type { IncidentCreated } from '../../api/create-incident';
import { reopenForApply } from '../../api/reopen-for-apply';
import { useCloseFromForm } from '../../hooks/use-close-from-form';
import { useDeleteWorkingDraft } from '../../hooks/use-delete-working-draft';
import type { DraftAutosave } from '../../hooks/use-draft-autosave';
import { useSubmitIncident } from '../../hooks/use-submit-incident';
import type { SubmitAttempt } from '../../utils/incident-resolver';
import { AutosaveStatus } from './autosave-status';
import { KeptCopyNotice } from './kept-copy-notice';
import { useRichTextFlushRegistry } from './rich-text-flush-context';
import { StaleCopyDialog } from './stale-copy-dialog';

interface FormActionsProps {
  draft: Draft;
  autosave: DraftAutosave;
  attempt: SubmitAttempt;
  onSubmitted: (saved: IncidentCreated) => void;
  onDeleted: () => void;
  /**
   * The user may close this incident. The viewer knows it from the server's actions; without it the
   * close privileges decide (MYINCIDENT_CLOSE is for the creator only: the server refuses others).
   */
  canClose?: boolean;
  /** After a save refused as stale: discard the copy and edit the current incident (see StaleCopyDialog). */
  onReload?: (() => void) | undefined;
  /** The server refused a save: the page refreshes what it shows of the incident. */
  onRefused?: (() => void) | undefined;
}

/**
 * The form's action bar, kept in view at the bottom: the autosave status, Delete Draft (drafts only,
 * after confirmation), Close incident (a new incident is submitted closed; an open incident being
 * edited has its edits saved, then it is closed) and Save. Saving a draft needs MYINCIDENT_ADD; saving an incident being edited needs
 * MYINCIDENT_EDIT or ALLINCIDENT_EDIT; closing ALLINCIDENT_CLOSE or MYINCIDENT_CLOSE (spec 1 §6).
 */
export function FormActions(props: FormActionsProps) {
  const { draft, autosave, attempt, onSubmitted, onDeleted, canClose, onRefused } = props;
  const { claims } = useSession();
  const registry = useRichTextFlushRegistry();
  const { submit, save, check, submitting, stale, dismissStale, kept } = useSubmitIncident({
    draft,
    autosave,
    attempt,
    registry,
    onSubmitted,
    onRefused,
  });
  const { deleteDraft, deleting } = useDeleteWorkingDraft(draft.id, autosave, onDeleted);
  const isDraft = draft.status === INCIDENT_STATUS.DRAFT;
  const closing = useCloseFromForm({ check, save, onSubmitted, isNew: isDraft });
  const [confirming, setConfirming] = useState(false);
  const maySave = isDraft
    ? hasPrivilege(claims, 'MYINCIDENT_ADD')
    : hasAnyPrivilege(claims, ['MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT']);
  // A new incident may be closed as it is submitted (spec 1 §2: Save, Close incident, Delete Draft).
  const mayClose =
    (isDraft || (draft.status === INCIDENT_STATUS.EDITING && Boolean(draft.incidentId))) &&
    maySave &&
    (canClose ?? hasAnyPrivilege(claims, ['ALLINCIDENT_CLOSE', 'MYINCIDENT_CLOSE']));
  const [applying, setApplying] = useState(false);
  const busy = submitting || deleting || applying;
  // 'Reopen and apply' (issue 27): the copy kept over a close is saved once the incident is open again.
  const reopenAndApply = async () => {
    if (!draft.incidentId) return;
    setApplying(true);
    try {
      await reopenForApply(draft.incidentId);
    } catch (error) {
      toastError(errorMessage(error));
      setApplying(false);
      return;
    }
    const saved = await save();
    setApplying(false);
    if (saved) onSubmitted(saved);
  };
  const toastOffset = useToastOffset<HTMLDivElement>();

  return (
    <Paper
      ref={toastOffset}
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
      {kept && (
        <KeptCopyNotice
          refusal={kept}
          number={draft.number}
          canReopen={hasPrivilege(claims, 'OPEN_CLOSED_INCIDENT')}
          busy={busy}
          onReopenAndApply={() => void reopenAndApply()}
        />
      )}
      <AutosaveStatus autosave={autosave} />
      <Box sx={{ flexGrow: 1 }} />
      {isDraft && (
        <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
          Delete Draft
        </Button>
      )}
      {mayClose && !kept && (
        <Button variant="outlined" size="large" onClick={closing.start} disabled={busy}>
          Close incident
        </Button>
      )}
      {maySave && !kept && (
        <Button variant="contained" size="large" onClick={() => void submit()} disabled={busy}>
          Save
        </Button>
      )}
      {mayClose && (
        <CloseIncidentDialog
          open={closing.dialogOpen}
          userName={claims?.name ?? ''}
          onCancel={closing.cancel}
          onSubmit={closing.submit}
        />
      )}
      <StaleCopyDialog
        message={stale}
        draft={draft}
        autosave={autosave}
        onDismiss={dismissStale}
        onReload={props.onReload}
      />
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
