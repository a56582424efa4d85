import { formatDateTime } from '@blotter/shared/presentation';
import type { IncidentSnapshotView } from '@blotter/shared/schemas/incident-view';
import { CLOSE_MESSAGES } from '@blotter/shared/schemas/incident-view';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { toastError } from '../../../lib/toast';
import { useHistoryCompare } from '../api/get-history-compare';
import { buildSections } from '../model/build-sections';
import { diffSections, type SectionDiff } from '../model/diff-sections';
import { viewDataOfSnapshot } from '../model/view-data';
import type { ViewContext, ViewSection } from '../model/view-sections';
import { IncidentSections } from './incident-sections';
import { ViewerTitleBar } from './viewer-title-bar';

interface HistoryCompareDialogProps {
  /** The history row to compare with the version before it; undefined closes the dialog. */
  historyId: string | undefined;
  number: number;
  context: ViewContext;
  canViewPrivate: boolean;
  onClose: () => void;
}

/**
 * The history comparison (spec 1 §2 History): full screen, titled 'Incident #N', the version before
 * the change and the one after it side by side from 'sm' up (stacked on phones), each headed with
 * its last-update date, changed fields marked. A failure shows 'Failed to load history.' and closes.
 */
export function HistoryCompareDialog({
  historyId,
  number,
  context,
  canViewPrivate,
  onClose,
}: HistoryCompareDialogProps) {
  const titleId = useId();
  return (
    <Dialog fullScreen open={historyId !== undefined} onClose={onClose} aria-labelledby={titleId}>
      {historyId && (
        <>
          <ViewerTitleBar
            titleId={titleId}
            title={`Incident #${number}`}
            buttons={[]}
            onButton={() => {}}
            onClose={onClose}
          />
          <CompareBody historyId={historyId} context={context} canViewPrivate={canViewPrivate} onFailed={onClose} />
        </>
      )}
    </Dialog>
  );
}

function CompareBody({
  historyId,
  context,
  canViewPrivate,
  onFailed,
}: {
  historyId: string;
  context: ViewContext;
  canViewPrivate: boolean;
  onFailed: () => void;
}) {
  const compare = useHistoryCompare(historyId);
  const failed = compare.isError && !compare.isFetching;
  const told = useRef(false);
  useEffect(() => {
    if (!failed || told.current) return;
    told.current = true;
    // The server's message has been shown; then this one, and the dialog closes (spec 1 §8).
    toastError(CLOSE_MESSAGES.historyFailed);
    onFailed();
  }, [failed, onFailed]);

  const view = useMemo(() => {
    if (!compare.data) return undefined;
    const options = { canViewPrivate };
    const { currentIncident, previousIncident } = compare.data;
    const after = buildSections(viewDataOfSnapshot(currentIncident), context, options);
    const before = previousIncident ? buildSections(viewDataOfSnapshot(previousIncident), context, options) : null;
    return { before, after, diff: diffSections(before, after) };
  }, [compare.data, context, canViewPrivate]);

  if (!compare.data || !view) return <PageLoader />;
  return (
    <Box
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <VersionColumn
        heading="Before"
        snapshot={compare.data.previousIncident}
        sections={view.before}
        diff={view.diff}
        side="before"
        dateFormat={context.dateFormat}
      />
      <VersionColumn
        heading="After"
        snapshot={compare.data.currentIncident}
        sections={view.after}
        diff={view.diff}
        side="after"
        dateFormat={context.dateFormat}
      />
    </Box>
  );
}

interface VersionColumnProps {
  heading: 'Before' | 'After';
  snapshot: IncidentSnapshotView | null;
  sections: ViewSection[] | null;
  diff: SectionDiff;
  side: 'before' | 'after';
  dateFormat: number;
}

function VersionColumn({ heading, snapshot, sections, diff, side, dateFormat }: VersionColumnProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Box sx={{ mb: 1.5 }}>
        <Typography id={headingId} component="h3" variant="h5">
          {heading}
        </Typography>
        {snapshot && (
          <Typography variant="body2" color="text.secondary">
            Last updated {formatDateTime(snapshot.lastUpdateDate, dateFormat)}
          </Typography>
        )}
      </Box>
      {sections ? (
        <IncidentSections sections={sections} diff={diff} side={side} narrow />
      ) : (
        <Alert severity="info">This is the first version of the incident: there is nothing before it.</Alert>
      )}
    </Box>
  );
}
