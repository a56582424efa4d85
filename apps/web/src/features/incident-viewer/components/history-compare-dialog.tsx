import { CLOSE_MESSAGES } from '@blotter/shared/schemas/incident-view';
import Dialog from '@mui/material/Dialog';
import { useEffect, useId, useRef } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { toastError } from '../../../lib/toast';
import { useHistoryCompare } from '../api/get-history-compare';
import type { ViewContext } from '../model/view-sections';
import { HistoryCompareColumns } from './history-compare-view';
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

  if (!compare.data) return <PageLoader />;
  return <HistoryCompareColumns compare={compare.data} context={context} canViewPrivate={canViewPrivate} />;
}
