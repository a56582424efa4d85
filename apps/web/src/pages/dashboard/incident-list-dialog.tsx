import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { incidentActions } from '@blotter/shared/incident-rules';
import type { DraftRow, IncidentRow } from '@blotter/shared/schemas/incidents';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { getDraftIncidents, useDraftIncidents } from '../../features/drafts/api/get-draft-incidents';
import {
  DraftResultsList,
  IncidentResultsList,
  type PageFetcher,
  resultDisplayContext,
  useListPage,
  useTablePaging,
} from '../../features/incident-results';
import { useDeleteDraft } from '../../features/incidents/api/delete-draft';
import { getMyIncidents, useMyIncidents } from '../../features/incidents/api/get-my-incidents';
import { useInitData } from '../../lib/api/get-init-data';
import { useSession } from '../../lib/auth/session-context';
import { queryKeys } from '../../lib/query-keys';
import { toastInfo } from '../../lib/toast';
import { IncidentActionDialogs, type QuestionState, type ViewerState } from './incident-action-dialogs';
import {
  DASHBOARD_COLUMNS_KEY,
  INCIDENT_LIST_STATUS,
  INCIDENT_LIST_TITLES,
  type IncidentListKind,
} from './incident-list-kind';

interface IncidentListDialogProps {
  kind: IncidentListKind;
  open: boolean;
  onClose: () => void;
}

/**
 * The list behind a dashboard card (spec 2 §2): a full-width dialog titled like the card with the
 * shared results list; rows open the incident viewer, the reopen and delete dialogs, or a draft.
 */
export default function IncidentListDialog({ kind, open, onClose }: IncidentListDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const title = INCIDENT_LIST_TITLES[kind];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xl" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {/* Keyed by the card: each list starts on its first page, never showing another's rows. */}
        {kind === 'drafts' ? <DraftList title={title} /> : <IncidentList key={kind} kind={kind} title={title} />}
      </DialogContent>
    </Dialog>
  );
}

function useDisplayContext() {
  const initData = useInitData();
  const display = useMemo(() => (initData.data ? resultDisplayContext(initData.data) : undefined), [initData.data]);
  return { display, failed: initData.isError };
}

function IncidentList({ kind, title }: { kind: 'open' | 'closed'; title: string }) {
  const { claims } = useSession();
  const { display, failed } = useDisplayContext();
  const status = INCIDENT_LIST_STATUS[kind];
  const listPage = useListPage();
  const incidents = useMyIncidents({ status, p: listPage.page, psz: listPage.pageSize });
  const paging = useTablePaging(listPage, incidents.data?.total);
  const fetchPage = useCallback<PageFetcher<IncidentRow>>(
    (p, psz, signal) => getMyIncidents({ status, p, psz }, signal),
    [status],
  );
  const [viewer, setViewer] = useState<ViewerState | undefined>(undefined);
  const [question, setQuestion] = useState<QuestionState | undefined>(undefined);
  const rows = incidents.data?.items ?? [];

  if (incidents.isError || failed) return <Alert severity="error">The incidents could not be loaded.</Alert>;
  if (!claims || !display || !incidents.data) return <PageLoader />;

  const openViewer = (incidentId: string, mode: ViewerState['mode']) =>
    setViewer((current) => ({ seq: (current?.seq ?? 0) + 1, incidentId, mode, open: true }));
  const ask = (kind: QuestionState['kind'], row: IncidentRow) =>
    setQuestion({ kind, incident: { id: row.id, number: row.number }, open: true });

  return (
    <>
      <IncidentResultsList
        rows={rows}
        paging={paging}
        fetchPage={fetchPage}
        title={title}
        user={claims}
        display={display}
        columnsStorageKey={DASHBOARD_COLUMNS_KEY}
        adjustable
        onView={(row) => openViewer(row.id, 'view')}
        onEdit={(row) => openViewer(row.id, 'edit')}
        onDelete={(row) => ask('delete', row)}
        onReopen={(row) => ask('reopen', row)}
        emptyText={kind === 'open' ? 'No open incidents.' : 'No closed incidents.'}
      />
      <IncidentActionDialogs
        viewer={viewer}
        question={question}
        onViewerClose={() => setViewer((current) => current && { ...current, open: false })}
        onQuestionClose={() => setQuestion((current) => current && { ...current, open: false })}
        onReopened={(id) => {
          // Spec 2 §4: a reopened incident opens in the editor, when the user may edit it.
          const row = rows.find((r) => r.id === id);
          const editable = row && incidentActions(claims, { ...row, status: INCIDENT_STATUS.OPEN }).edit;
          openViewer(id, editable ? 'edit' : 'view');
        }}
      />
    </>
  );
}

function DraftList({ title }: { title: string }) {
  const { claims } = useSession();
  const { display, failed } = useDisplayContext();
  const listPage = useListPage();
  const drafts = useDraftIncidents({ p: listPage.page, psz: listPage.pageSize });
  const paging = useTablePaging(listPage, drafts.data?.total);
  const fetchPage = useCallback<PageFetcher<DraftRow>>((p, psz, signal) => getDraftIncidents({ p, psz }, signal), []);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteDraft();
  const [deleting, setDeleting] = useState<DraftRow | undefined>(undefined);

  if (drafts.isError || failed) return <Alert severity="error">The drafts could not be loaded.</Alert>;
  if (!claims || !display || !drafts.data) return <PageLoader />;

  return (
    <>
      <DraftResultsList
        rows={drafts.data.items}
        paging={paging}
        fetchPage={fetchPage}
        title={title}
        user={claims}
        display={display}
        onEdit={(row) => navigate(`/newincident?draft=${encodeURIComponent(row.id)}`)}
        onDelete={setDeleting}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete Draft"
        message="Are you sure you want to delete this draft?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastInfo('The draft was deleted.');
              // Only the list's pages and counts: the deleted draft's own queries must not be fetched again.
              void queryClient.invalidateQueries({ queryKey: queryKeys.drafts.list });
            },
            // The error toast says why; the question closes either way.
            onSettled: () => setDeleting(undefined),
          });
        }}
      />
    </>
  );
}
