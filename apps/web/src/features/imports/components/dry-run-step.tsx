import type { ImportDetail } from '@blotter/shared/schemas/imports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useStartImportJob } from '../api/start-import-job';
import { count, plural } from '../model/import-steps';
import { ImportProgress } from './import-progress';
import { ImportRowsTable } from './import-rows-table';

interface StepProps {
  detail: ImportDetail;
  onBackToMapping: () => void;
  onStarted: () => void;
}

/** Dry run: its progress, then the counts and the refused rows; the import only on confirmation. */
export function DryRunStep({ detail, onBackToMapping, onStarted }: StepProps) {
  const [confirming, setConfirming] = useState(false);
  const start = useStartImportJob(detail.id);
  const counts = detail.counts;
  const validated = detail.status === 'validated' && counts !== null;
  // The dry run counts a row imported before as valid and as skipped: the import creates the rest.
  const toCreate = counts ? Math.max(0, counts.valid - counts.skipped) : 0;
  const importLabel = `Import ${plural(toCreate, 'incident')}`;

  return (
    <Stack spacing={2}>
      {detail.status === 'validating' && <ImportProgress detail={detail} verb="Checked" />}
      {detail.status === 'failed' && (
        <Alert severity="error">
          The last run could not finish: {detail.error ?? 'unknown error'}. Check the mapping and start the dry run
          again.
        </Alert>
      )}
      {detail.status === 'uploaded' && (
        <Alert severity="info">The mapping changed since the last dry run: run it again from the preview.</Alert>
      )}
      {validated && (
        <>
          <Alert severity={counts.refused > 0 ? 'warning' : 'success'}>
            {`Checked ${plural(counts.rows, 'row')}: ${count(toCreate)} can be imported, ${count(counts.refused)} refused.`}
            {counts.skipped > 0 &&
              ` ${plural(counts.skipped, 'row')} ${counts.skipped === 1 ? 'was' : 'were'} imported before and will be skipped.`}
          </Alert>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500 }}>
            Refused rows
          </Typography>
          <ImportRowsTable importId={detail.id} outcome="refused" label="Refused rows" emptyText="No row is refused." />
        </>
      )}
      {start.isError && <Alert severity="error">{start.error.message}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onBackToMapping} disabled={detail.status === 'validating'}>
          Back to mapping
        </Button>
        {validated && (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={counts.valid === 0}>
            {importLabel}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={importLabel}
        message={`${plural(toCreate, 'incident')} will be stored with their original dates and statuses. Refused rows and rows imported before are left out.`}
        confirmLabel={importLabel}
        busy={start.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          start.mutate('run', {
            onSuccess: () => {
              setConfirming(false);
              onStarted();
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}
