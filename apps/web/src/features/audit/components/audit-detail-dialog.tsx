import type { AuditEntry } from '@blotter/shared/schemas/audit';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useInitData } from '../../../lib/api/get-init-data';
import { useAudit } from '../api/get-audit';
import { type AuditDetailKind, auditTypeLabel, detailFields, detailKindOf } from '../model/audit-labels';
import type { AuditDescribers } from './audit-describers';
import { AnalyzeDetail, SearchCriteriaDetail } from './criteria-details';

interface AuditDetailDialogProps {
  /** The entry whose detail shows; undefined closes the dialog. */
  entry: AuditEntry | undefined;
  describers: AuditDescribers;
  onClose: () => void;
}

/**
 * An audit entry's detail (spec 3 §2, §3 Audit detail views): an incident change's before/after
 * (full screen), the general field list, or the search or analysis criteria.
 */
export function AuditDetailDialog({ entry, describers, onClose }: AuditDetailDialogProps) {
  const titleId = useId();
  const kind = entry ? detailKindOf(entry) : null;
  const title = entry
    ? kind === 'incident'
      ? `Incident ${entry.objectName}`
      : `${auditTypeLabel(entry.objectType)}: ${entry.objectName}`
    : '';
  return (
    <Dialog
      open={Boolean(entry && kind)}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={kind === 'incident'}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      {/* Outside the title, so the dialog is named by the title alone. */}
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {entry && kind && <DetailBody id={entry.id} kind={kind} describers={describers} />}
      </DialogContent>
    </Dialog>
  );
}

function DetailBody({ id, kind, describers }: { id: string; kind: AuditDetailKind; describers: AuditDescribers }) {
  const detail = useAudit(id);
  const initData = useInitData();
  if (detail.isError) return <Alert severity="error">The audit entry could not be loaded.</Alert>;
  if (!detail.data) return <PageLoader />;
  const { objectData, objectType } = detail.data;
  switch (kind) {
    case 'incident':
      return detail.data.incidentCompare ? (
        describers.renderIncidentCompare(detail.data.incidentCompare)
      ) : (
        <Alert severity="info">This version of the incident is no longer available to you.</Alert>
      );
    case 'search':
      return <SearchCriteriaDetail data={objectData} describers={describers} />;
    case 'analyze':
      return initData.data ? (
        <AnalyzeDetail
          data={objectData}
          describers={describers}
          incidentClasses={initData.data.multipleLookups.incidentClass ?? []}
          locations={initData.data.multipleLookups.location ?? []}
        />
      ) : (
        <PageLoader />
      );
    case 'fields':
      return (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          {detailFields(objectType, objectData).map((field) => (
            <Box key={field.label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {field.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {field.value || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      );
  }
}
