import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { toastError } from '../../../lib/toast';

/** The new token's secret, shown this once with a copy button. */
export function ApiTokenSecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => toastError('The token could not be copied. Select it and copy it yourself.'),
    );
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>API token created</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Copy the token of {name} now and keep it in your other system's secret store. You will not see it again.
        </DialogContentText>
        <TextField
          label="API token"
          value={secret}
          fullWidth
          multiline
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        {copied && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Copied to the clipboard.
          </Alert>
        )}
        <DialogContentText sx={{ mt: 2 }}>
          Send it on every call as <code>Authorization: Bearer</code> followed by the token. The API docs (/api/docs)
          show how.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
