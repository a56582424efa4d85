import type { Subscription } from '@blotter/shared/schemas/subscription';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { currentPlanText } from '../model/current-plan-text';

/** The Current Plan step: the kind of subscription and its state (spec 3 §2). */
export function CurrentPlan({ subscription, dateFormat }: { subscription: Subscription; dateFormat: number }) {
  const text = currentPlanText(subscription, dateFormat);
  return (
    <Box component="section" aria-label="Current plan" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500 }}>
        {text.heading}
      </Typography>
      <Alert severity={text.severity}>{text.status}</Alert>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {text.details.map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
