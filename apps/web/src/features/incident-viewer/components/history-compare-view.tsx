import { formatDateTime } from '@blotter/shared/presentation';
import type { HistoryCompare, IncidentSnapshotView } from '@blotter/shared/schemas/incident-view';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useViewContext } from '../hooks/use-view-context';
import { buildSections } from '../model/build-sections';
import { diffSections, type SectionDiff } from '../model/diff-sections';
import { viewDataOfSnapshot } from '../model/view-data';
import type { ViewContext, ViewSection } from '../model/view-sections';
import { IncidentSections } from './incident-sections';

interface HistoryCompareColumnsProps {
  compare: HistoryCompare;
  context: ViewContext;
  canViewPrivate: boolean;
}

/**
 * The two versions of a history comparison (spec 1 §2 History) side by side from 'sm' up (stacked
 * on phones), each headed with its last-update date, changed fields marked.
 */
export function HistoryCompareColumns({ compare, context, canViewPrivate }: HistoryCompareColumnsProps) {
  const view = useMemo(() => {
    const options = { canViewPrivate };
    const { currentIncident, previousIncident } = compare;
    const after = buildSections(viewDataOfSnapshot(currentIncident), context, options);
    const before = previousIncident ? buildSections(viewDataOfSnapshot(previousIncident), context, options) : null;
    return { before, after, diff: diffSections(before, after) };
  }, [compare, context, canViewPrivate]);

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
        snapshot={compare.previousIncident}
        sections={view.before}
        diff={view.diff}
        side="before"
        dateFormat={context.dateFormat}
      />
      <VersionColumn
        heading="After"
        snapshot={compare.currentIncident}
        sections={view.after}
        diff={view.diff}
        side="after"
        dateFormat={context.dateFormat}
      />
    </Box>
  );
}

/**
 * The before/after of an incident change whose versions were already read (the audit log's
 * incident detail), with the names and formats of the company's initial data.
 */
export function IncidentVersionsCompare({
  compare,
  canViewPrivate,
}: {
  compare: HistoryCompare;
  canViewPrivate: boolean;
}) {
  const { context } = useViewContext();
  if (!context) return <PageLoader />;
  return <HistoryCompareColumns compare={compare} context={context} canViewPrivate={canViewPrivate} />;
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
