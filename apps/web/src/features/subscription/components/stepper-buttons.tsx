import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  cancelEnabled,
  cancelSubscriptionEnabled,
  forwardEnabled,
  forwardLabel,
  prevEnabled,
  type StepperState,
} from '../model/stepper-rules';

interface StepperButtonsProps {
  state: StepperState;
  onPrev: () => void;
  onForward: () => void;
  onCancel: () => void;
  onCancelSubscription: () => void;
}

/** Prev, Next/Change/Save, Cancel and Cancel subscription, enabled as spec 3 §4 says. */
export function StepperButtons({ state, onPrev, onForward, onCancel, onCancelSubscription }: StepperButtonsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button onClick={onPrev} disabled={!prevEnabled(state)}>
        Prev
      </Button>
      <Button variant="contained" onClick={onForward} disabled={!forwardEnabled(state)}>
        {forwardLabel(state.step)}
      </Button>
      <Button onClick={onCancel} disabled={!cancelEnabled(state)}>
        Cancel
      </Button>
      <Box sx={{ flexGrow: 1 }} />
      <Button color="error" onClick={onCancelSubscription} disabled={!cancelSubscriptionEnabled(state)}>
        Cancel subscription
      </Button>
    </Box>
  );
}
