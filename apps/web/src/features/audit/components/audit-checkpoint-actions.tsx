import { formatDateTime } from '@blotter/shared/presentation';
import { AUDIT_CHECKPOINT_MESSAGES, type AuditCheckpointVerify } from '@blotter/shared/schemas/audit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { downloadBlob } from '../../../lib/download';
import { useAuditCheckpoint, useVerifyAuditCheckpoint } from '../api/audit-checkpoint';
import { chainStatusText } from '../model/audit-labels';

/** The `checkpoint` (JWS) of a downloaded checkpoint file, or the file's text when it is the JWS itself. */
function checkpointOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'checkpoint' in parsed && typeof parsed.checkpoint === 'string') {
      return parsed.checkpoint;
    }
  } catch {
    // Not JSON: the file may hold the compact JWS alone.
  }
  return text.trim();
}

function outcomeText(result: AuditCheckpointVerify, formatTime: (iso: string) => string): string {
  const of = `Checkpoint of ${formatTime(result.checkpoint.createdAt)} (${result.checkpoint.chainSeq} entries): `;
  if (!result.checkpoint.matches) return of + AUDIT_CHECKPOINT_MESSAGES.differs;
  return of + AUDIT_CHECKPOINT_MESSAGES.matches + (result.ok ? '' : ` ${chainStatusText(result, formatTime)}`);
}

/**
 * Tamper evidence beyond the chain (issue 26): download a signed checkpoint of the chain head to
 * keep outside Blotter, and later check the chain against such a file.
 */
export function AuditCheckpointActions({ dateFormat }: { dateFormat: number }) {
  const take = useAuditCheckpoint();
  const check = useVerifyAuditCheckpoint();
  const [readError, setReadError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const formatTime = (iso: string) => formatDateTime(iso, dateFormat);

  const download = () =>
    take.mutate(undefined, {
      onSuccess: (checkpoint) => {
        const stamp = checkpoint.createdAt.replace(/[:.]/g, '-');
        const file = new Blob([`${JSON.stringify(checkpoint, null, 2)}\n`], { type: 'application/json' });
        downloadBlob(`audit-checkpoint-${stamp}.json`, file);
      },
    });

  const verify = async (file: File | undefined) => {
    setReadError(undefined);
    check.reset();
    if (!file) return;
    if (file.size > 10_000) {
      setReadError(AUDIT_CHECKPOINT_MESSAGES.invalid);
      return;
    }
    check.mutate(checkpointOf(await file.text()));
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={download} disabled={take.isPending}>
          Download checkpoint
        </Button>
        <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={check.isPending}>
          Verify against checkpoint
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="Checkpoint file"
          onChange={(event) => {
            void verify(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      {take.isError && <Alert severity="error">{take.error.message}</Alert>}
      {(readError || check.isError) && <Alert severity="error">{readError ?? check.error?.message}</Alert>}
      {check.data && (
        <Alert severity={check.data.ok ? 'success' : 'error'} role="status">
          {outcomeText(check.data, formatTime)}
        </Alert>
      )}
    </Stack>
  );
}
