import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ErrorAction, ErrorContent } from '../error-content';

const ACTION_LABELS: Record<ErrorAction, string> = {
  goToMainPage: 'Go to main page',
  resendEmailVerification: 'Resend email verification',
  logout: 'Logout',
};

interface ErrorViewProps {
  content: ErrorContent;
  onAction: (action: ErrorAction) => void;
  /** The action being carried out (its button is disabled). */
  busyAction?: ErrorAction;
}

/** An error page: a level-one title, the explanation and its actions. */
export function ErrorView({ content, onAction, busyAction }: ErrorViewProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {content.title}
      </Typography>
      {content.paragraphs.map((text) => (
        <Typography key={text} sx={{ mt: 1 }}>
          {text}
        </Typography>
      ))}
      {content.actions.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          {content.actions.map((action, index) => (
            <Button
              key={action}
              variant={index === 0 ? 'contained' : 'outlined'}
              disabled={busyAction === action}
              onClick={() => onAction(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
