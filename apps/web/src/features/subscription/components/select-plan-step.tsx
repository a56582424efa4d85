import { type PeriodType, type Plans, USERS_MAX, USERS_MIN, USERS_STEP } from '@blotter/shared/schemas/subscription';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { priceDisplay } from '../model/price';
import type { PlanChoice } from '../model/stepper-rules';

interface SelectPlanStepProps {
  choice: PlanChoice;
  onChoice: (choice: PlanChoice) => void;
  promotionCode: string;
  onPromotionCode: (code: string) => void;
  /** The plans read for the promotion code (undefined while the first answer loads). */
  plans: Plans | undefined;
}

/**
 * The Select Plan step (spec 3 §2, §9): monthly or yearly, the concurrent users (5 to 205, step
 * 10), an upper-cased promotion code, and the price with its tax in US dollars.
 */
export function SelectPlanStep({ choice, onChoice, promotionCode, onPromotionCode, plans }: SelectPlanStepProps) {
  const periodLabel = useId();
  const usersLabel = useId();
  const price = plans ? priceDisplay(plans, choice.periodType, choice.concurrentUserCount) : undefined;
  const code = promotionCode.trim();
  return (
    <Box component="section" aria-label="Select plan" sx={{ display: 'grid', gap: 3, maxWidth: 560 }}>
      <FormControl>
        <FormLabel id={periodLabel}>Billing period</FormLabel>
        <RadioGroup
          row
          aria-labelledby={periodLabel}
          value={choice.periodType}
          onChange={(event) => onChoice({ ...choice, periodType: event.target.value as PeriodType })}
        >
          <FormControlLabel value="MONTH" control={<Radio />} label="Monthly" />
          <FormControlLabel value="YEAR" control={<Radio />} label="Yearly" />
        </RadioGroup>
      </FormControl>
      <Box>
        <Typography id={usersLabel} gutterBottom>
          Concurrent users: {choice.concurrentUserCount}
        </Typography>
        <Slider
          aria-labelledby={usersLabel}
          value={choice.concurrentUserCount}
          min={USERS_MIN}
          max={USERS_MAX}
          step={USERS_STEP}
          marks={[
            { value: USERS_MIN, label: String(USERS_MIN) },
            { value: USERS_MAX, label: String(USERS_MAX) },
          ]}
          valueLabelDisplay="auto"
          onChange={(_event, value) => onChoice({ ...choice, concurrentUserCount: value as number })}
        />
      </Box>
      <TextField
        label="Promotion code"
        value={promotionCode}
        onChange={(event) => onPromotionCode(event.target.value.toUpperCase())}
        helperText={
          code && plans?.promotionCode === code
            ? plans.promotionValid
              ? 'The promotion code is applied.'
              : 'The promotion code is not valid.'
            : ' '
        }
        error={Boolean(code && plans?.promotionCode === code && !plans.promotionValid)}
        slotProps={{ htmlInput: { maxLength: 50, style: { textTransform: 'uppercase' } } }}
        sx={{ maxWidth: 280 }}
      />
      {price ? (
        <Alert severity="info" icon={false} aria-label="Price">
          <Typography>
            Price: {price.amount} per {price.per}
          </Typography>
          <Typography>
            Tax ({price.taxRate}%): {price.tax}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>
            Total: {price.total} per {price.per}
          </Typography>
        </Alert>
      ) : (
        <Typography color="text.secondary">Loading the plans…</Typography>
      )}
    </Box>
  );
}
