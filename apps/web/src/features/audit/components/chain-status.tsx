import { formatDateTime } from '@blotter/shared/presentation';
import Alert from '@mui/material/Alert';
import { useVerifyAuditLog } from '../api/verify-audit-log';
import { chainStatusText } from '../model/audit-labels';

/**
 * The tamper-evidence line: the server seals what was committed and checks the company's hash
 * chain; 'Audit log verified', or the first entry where it breaks. Checked again on every Search.
 */
export function ChainStatus({ run, dateFormat }: { run: number; dateFormat: number }) {
  const verify = useVerifyAuditLog(run);
  if (verify.isPending) {
    return (
      <Alert severity="info" role="status">
        Verifying the audit log…
      </Alert>
    );
  }
  if (verify.isError) {
    return (
      <Alert severity="warning" role="status">
        The audit log could not be verified.
      </Alert>
    );
  }
  return (
    <Alert severity={verify.data.ok ? 'success' : 'error'} role="status">
      {chainStatusText(verify.data, (iso) => formatDateTime(iso, dateFormat))}
    </Alert>
  );
}
