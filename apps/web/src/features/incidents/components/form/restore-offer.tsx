import { formatDateTime } from '@blotter/shared/presentation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useInitData } from '../../../../lib/api/get-init-data';
import type { LocalDraftCopy } from '../../utils/local-draft-copy';

interface RestoreOfferProps {
  copy: LocalDraftCopy;
  onRestore: () => void;
  onDiscard: () => void;
}

/**
 * Offers changes kept in this browser that never reached the server, when the server's copy changed
 * since (another tab or device): the person decides which to keep.
 */
export function RestoreOffer({ copy, onRestore, onDiscard }: RestoreOfferProps) {
  const { data } = useInitData();
  const when = formatDateTime(copy.savedAt, data?.companySettings.dateFormat ?? 0);
  return (
    <Alert
      severity="info"
      action={
        <>
          <Button color="inherit" size="small" onClick={onRestore}>
            Restore
          </Button>
          <Button color="inherit" size="small" onClick={onDiscard}>
            Discard
          </Button>
        </>
      }
    >
      This browser kept changes from {when} that were not saved, but this draft was saved elsewhere since. Restore them,
      or discard them and keep the saved draft?
    </Alert>
  );
}
