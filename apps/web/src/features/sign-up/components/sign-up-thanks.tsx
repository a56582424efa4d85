import type { SignUpAnswer } from '@blotter/shared/schemas/sign-up';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The thank-you panel after sign-up (spec 2 §2, §4): OK goes to sign-in. */
export function SignUpThanks({ user, onOk }: { user: SignUpAnswer; onOk: () => void }) {
  const verified = user.status === 1;
  return (
    <Paper variant="outlined" role="status" sx={{ p: 3, maxWidth: 560 }}>
      <Typography variant="h2" component="h2" gutterBottom>
        Thank you for signing up!
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {verified
          ? 'Your company is ready. Click OK to log in.'
          : `We have sent an email to ${user.email}. Please verify your email address with the link in it, then click OK to log in.`}
      </Typography>
      <Button variant="contained" onClick={onOk}>
        OK
      </Button>
    </Paper>
  );
}
