import Button from '@mui/material/Button';
import { useAuthenticateQuickBooks } from '../api/authenticate-quickbooks';

/**
 * 'Sync Quickbook Online' (system administrators, spec 3 §2): opens the QuickBooks Online
 * authorisation in a new window. The window is opened on the click itself (a window opened after
 * the call returns would be blocked) and sent to the URL once the server answers; when the server
 * refuses (not configured), the window closes and its message shows.
 */
export function SyncQuickBooksButton() {
  const authenticate = useAuthenticateQuickBooks();
  const start = () => {
    const popup = window.open('', 'blotter-quickbooks');
    if (popup) popup.opener = null;
    authenticate.mutate(undefined, {
      onSuccess: ({ data }) => {
        if (popup) popup.location.href = data;
        else window.open(data, 'blotter-quickbooks', 'noopener');
      },
      onError: () => popup?.close(),
    });
  };
  return (
    <Button variant="outlined" onClick={start} disabled={authenticate.isPending}>
      Sync Quickbook Online
    </Button>
  );
}
