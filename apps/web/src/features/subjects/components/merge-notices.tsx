import { formatDate } from '@blotter/shared/presentation';
import type { SubjectMerge } from '@blotter/shared/schemas/subject-merges';
import MergeIcon from '@mui/icons-material/CallMerge';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagePagination } from '../../../components/page-pagination';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSubjectMerges, useUnmerge } from '../api/merges-api';

interface MergeNoticesProps {
  kind: string;
  id: string;
  subjectName: string;
  dateFormat: number;
  /** SUBJECT_EDIT: the Unmerge button. */
  editable: boolean;
}

/**
 * The merges into the subject that can still be undone (30 days): 'Merged <name> on <date> —
 * Unmerge', the unmerge confirmed first.
 */
export function MergeNotices({ kind, id, subjectName, dateFormat, editable }: MergeNoticesProps) {
  const [page, setPage] = useState(0);
  const merges = useSubjectMerges(kind, id, page);
  const unmerge = useUnmerge();
  const [undoing, setUndoing] = useState<SubjectMerge | null>(null);
  const data = merges.data;
  if (!data || data.items.length === 0) return null;

  const confirm = () => {
    if (!undoing) return;
    unmerge.mutate(undoing.id, {
      onSuccess: (restored) => {
        toastSuccess(`${restored.displayName} is back in the register as a separate record.`);
        setUndoing(null);
      },
      onError: (error) => {
        toastError(error.message);
        setUndoing(null);
      },
    });
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {data.items.map((merge) => (
        <Alert
          key={merge.id}
          severity="info"
          icon={<MergeIcon fontSize="inherit" />}
          action={
            editable ? (
              <Button color="inherit" size="small" onClick={() => setUndoing(merge)}>
                Unmerge
              </Button>
            ) : undefined
          }
        >
          Merged {merge.mergedName} on {formatDate(merge.mergedAt, dateFormat)}
          {merge.mergedByName ? ` by ${merge.mergedByName}` : ''}. It can be undone until{' '}
          {formatDate(merge.undoUntil, dateFormat)}.
        </Alert>
      ))}
      {data.total > data.pageSize && <PagePagination page={data} onPageChange={setPage} />}
      <ConfirmDialog
        open={undoing !== null}
        title="Unmerge?"
        message={
          undoing
            ? `${undoing.mergedName} comes back to the register as a separate record, with the incidents and bans that moved to ${subjectName} when they were merged.`
            : ''
        }
        confirmLabel="Unmerge"
        busy={unmerge.isPending}
        onConfirm={confirm}
        onCancel={() => setUndoing(null)}
      />
    </Stack>
  );
}
