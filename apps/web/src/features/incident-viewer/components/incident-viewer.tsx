import { incidentStatusLabel } from '@blotter/shared/presentation';
import type { CloseIncidentBody, IncidentDetail } from '@blotter/shared/schemas/incident-view';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CloseIncidentDialog } from '../../../components/close-incident-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { useSession } from '../../../lib/auth/session-context';
import { isMobile } from '../../../lib/device';
import { toastSuccess } from '../../../lib/toast';
import { useCloseIncident } from '../api/close-incident';
import { useIncident } from '../api/get-incident';
import { useLockIncident } from '../api/lock-incident';
import { useRecordReadAudit } from '../api/record-read-audit';
import { refreshIncident } from '../api/refresh-incident';
import { useUnlockIncident } from '../api/unlock-incident';
import { useIncidentParts } from '../hooks/use-incident-parts';
import { useViewContext } from '../hooks/use-view-context';
import { buildSections } from '../model/build-sections';
import { viewDataOfDetail } from '../model/view-data';
import type { ViewFile } from '../model/view-sections';
import { startMode, type ViewerButton, type ViewerMode, viewerButtons } from '../model/viewer-buttons';
import { AttachmentViewer } from './attachment-viewer';
import { DeleteIncidentDialog } from './delete-incident-dialog';
import { HistoryCompareDialog } from './history-compare-dialog';
import { HistoryTable } from './history-table';
import { IncidentSections } from './incident-sections';
import { PrintDialog } from './print-dialog';
import { ReopenIncidentDialog } from './reopen-incident-dialog';
import { SubjectAlertsView } from './subject-alerts-view';
import { ViewerTitleBar } from './viewer-title-bar';

/** What the viewer gives the page's editor (renderEditor). */
export interface IncidentEditorRenderOptions {
  /** The edits were saved: the viewer returns to view mode and shows the saved incident. */
  onSaved: () => void;
  /** Back to view mode without saving (the open-draft keeps the edits). */
  onCancel: () => void;
  /** A save was refused: the viewer refetches the incident and leaves edit mode if it is closed now. */
  onRefused: () => void;
  /** The user may close this incident: the form offers 'Close incident'. */
  canClose: boolean;
}

export interface IncidentViewerProps {
  incidentId: string;
  open: boolean;
  onClose: () => void;
  initialMode?: ViewerMode;
  /**
   * The entry form for edit mode, given by the page (features do not import each other), e.g.
   * `(id, options) => <IncidentEditor incidentId={id} {...options} />`. Without it there is no Edit.
   */
  renderEditor?: (incidentId: string, options: IncidentEditorRenderOptions) => ReactNode;
}

/**
 * The incident viewer (spec 1 §2): a full-screen dialog 'Incident #N' with the modes view, edit and
 * history, and the actions the server allows (detail.actions) where spec 1 §4 offers them.
 */
export function IncidentViewer(props: IncidentViewerProps) {
  const titleId = useId();
  const editing = useRef(false);
  const [askingToLeave, setAskingToLeave] = useState(false);
  // Escape in edit mode asks first: a stray key must not close the form someone is filling in.
  const onDialogClose = (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (reason === 'escapeKeyDown' && editing.current) setAskingToLeave(true);
    else props.onClose();
  };
  return (
    <Dialog fullScreen open={props.open} onClose={onDialogClose} aria-labelledby={titleId}>
      {props.open && (
        <ViewerBody
          {...props}
          titleId={titleId}
          onModeChange={(mode) => {
            editing.current = mode === 'edit';
          }}
        />
      )}
      <ConfirmDialog
        open={askingToLeave}
        title={LEAVE_EDITOR.title}
        message={LEAVE_EDITOR.message}
        confirmLabel={LEAVE_EDITOR.confirm}
        cancelLabel={LEAVE_EDITOR.cancel}
        onCancel={() => setAskingToLeave(false)}
        onConfirm={() => {
          setAskingToLeave(false);
          props.onClose();
        }}
      />
    </Dialog>
  );
}

/** The question Escape asks in edit mode. */
export const LEAVE_EDITOR = {
  title: 'Close the incident',
  message: 'Are you sure you want to close the incident without saving?',
  confirm: 'Close without saving',
  cancel: 'Keep editing',
} as const;

export default IncidentViewer;

type OpenDialog = 'close' | 'reopen' | 'delete' | 'print' | null;

function statusChips(detail: IncidentDetail) {
  const label = incidentStatusLabel(detail.status);
  return (
    <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5 }}>
      <Chip label={label} size="small" sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit' }} />
      {detail.locked && (
        <Chip label="Locked" size="small" sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit' }} />
      )}
    </Box>
  );
}

function ViewerBody({
  incidentId,
  onClose,
  initialMode = 'view',
  renderEditor,
  titleId,
  onModeChange,
}: IncidentViewerProps & { titleId: string; onModeChange: (mode: ViewerMode) => void }) {
  const { claims } = useSession();
  const queryClient = useQueryClient();
  const detail = useIncident(incidentId);
  const incident = detail.data;
  const [chosenMode, setMode] = useState<ViewerMode | null>(null);
  // After a refused save the editor stays, holding what was typed (issue 27), even when the incident
  // is closed or gone now; otherwise startMode also for the chosen mode: a closed incident is viewed.
  const [holdingCopy, setHoldingCopy] = useState(false);
  const requested = chosenMode ?? initialMode;
  let mode: ViewerMode = 'view';
  if (incident)
    mode = holdingCopy && requested === 'edit' ? 'edit' : startMode(requested, incident, Boolean(renderEditor));
  const parts = useIncidentParts(incidentId, mode === 'view');
  useEffect(() => onModeChange(mode), [mode, onModeChange]);
  const { context, failed: contextFailed } = useViewContext();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [file, setFile] = useState<(ViewFile & { url: string }) | null>(null);
  const [compareId, setCompareId] = useState<string | undefined>(undefined);
  const lock = useLockIncident();
  const unlock = useUnlockIncident();
  const close = useCloseIncident(incidentId);

  // One read audit per opening of the viewer (spec 1 §7 POST /incidents/audits/read).
  const audit = useRecordReadAudit();
  const audited = useRef(false);
  useEffect(() => {
    if (!incident || audited.current) return;
    audited.current = true;
    audit.mutate({ id: incident.id, number: incident.number });
  }, [incident, audit.mutate]);

  const sections = useMemo(() => {
    if (!incident || !context || !parts.data) return undefined;
    return buildSections(viewDataOfDetail(incident, parts.data), context, {
      canViewPrivate: incident.actions.viewPrivate,
    });
  }, [incident, context, parts.data]);

  const title = incident ? `Incident #${incident.number}` : 'Incident';
  if (!incident) {
    return (
      <>
        <ViewerTitleBar titleId={titleId} title={title} buttons={[]} onButton={() => {}} onClose={onClose} />
        {detail.isError ? (
          <Container maxWidth="md" sx={{ py: 3 }}>
            <Alert severity="error">This incident could not be opened. It may have been deleted or locked.</Alert>
          </Container>
        ) : (
          <PageLoader />
        )}
      </>
    );
  }

  const buttons = viewerButtons({
    mode,
    status: incident.status,
    locked: incident.locked,
    actions: incident.actions,
    mobile: isMobile,
    canRenderEditor: Boolean(renderEditor),
  });
  let busy: ViewerButton | null = null;
  if (lock.isPending) busy = 'lock';
  if (unlock.isPending) busy = 'unlock';

  const onButton = (button: ViewerButton) => {
    switch (button) {
      case 'print':
      case 'reopen':
      case 'delete':
      case 'close':
        setDialog(button);
        return;
      case 'history':
        setMode('history');
        return;
      case 'incident':
      case 'view':
        setMode('view');
        return;
      case 'edit':
        setMode('edit');
        return;
      case 'lock':
        lock.mutate(incident.id);
        return;
      case 'unlock':
        unlock.mutate(incident.id);
        return;
    }
  };

  const closeIncident = async (body: CloseIncidentBody) => {
    const closed = await close.mutateAsync(body);
    setDialog(null);
    toastSuccess(`Incident #${closed.number} is closed.`);
  };

  const reference = { id: incident.id, number: incident.number };
  return (
    <>
      <ViewerTitleBar
        titleId={titleId}
        title={title}
        status={statusChips(incident)}
        buttons={buttons}
        busy={busy}
        onButton={onButton}
        onClose={onClose}
      />
      {/* The scrolling body is focusable, so keyboard users can scroll it (WCAG 2.1.1). */}
      <Box tabIndex={0} sx={{ flex: 1, overflow: 'auto', bgcolor: 'background.default' }}>
        {mode === 'edit' && renderEditor && (
          <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
            {renderEditor(incident.id, {
              onSaved: () => {
                void refreshIncident(queryClient, incident.id);
                setHoldingCopy(false);
                setMode('view');
              },
              onCancel: () => {
                setHoldingCopy(false);
                setMode('view');
              },
              onRefused: () => {
                setHoldingCopy(true);
                void refreshIncident(queryClient, incident.id);
              },
              canClose: incident.actions.close,
            })}
          </Container>
        )}
        {mode === 'history' && context && (
          <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
            <HistoryTable
              incidentId={incident.id}
              dateFormat={context.dateFormat}
              onCompare={(entry) => setCompareId(entry.id)}
            />
          </Container>
        )}
        {mode === 'view' && (
          <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
            {(parts.failed || contextFailed) && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                Some parts of this incident could not be loaded. Close the viewer and open it again to retry.
              </Alert>
            )}
            <SubjectAlertsView incidentId={incident.id} />
            {sections ? (
              <IncidentSections sections={sections} onOpenFile={(f) => f.url && setFile({ ...f, url: f.url })} />
            ) : (
              !parts.failed && !contextFailed && <PageLoader />
            )}
          </Container>
        )}
      </Box>
      <CloseIncidentDialog
        open={dialog === 'close'}
        userName={claims?.name ?? ''}
        onCancel={() => setDialog(null)}
        onSubmit={closeIncident}
      />
      <ReopenIncidentDialog incident={reference} open={dialog === 'reopen'} onClose={() => setDialog(null)} />
      <DeleteIncidentDialog
        incident={reference}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDeleted={onClose}
      />
      <PrintDialog incident={reference} open={dialog === 'print'} onClose={() => setDialog(null)} />
      <AttachmentViewer file={file} onClose={() => setFile(null)} />
      {context && (
        <HistoryCompareDialog
          historyId={compareId}
          number={incident.number}
          context={context}
          canViewPrivate={incident.actions.viewPrivate}
          onClose={() => setCompareId(undefined)}
        />
      )}
    </>
  );
}
