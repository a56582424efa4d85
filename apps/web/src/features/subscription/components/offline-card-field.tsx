import { offlineCardToken } from '@blotter/shared/schemas/subscription';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { CardFieldProps } from './card-field-props';

/**
 * The offline provider's card field (no card provider configured): the number is turned into the
 * provider's test token in the browser and never sent; an unknown number gives no token.
 */
export function OfflineCardField({ busy, onToken }: CardFieldProps) {
  const [number, setNumber] = useState('');
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        label="Card number"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
        sx={{ minWidth: 280 }}
      />
      <Button
        variant="outlined"
        disabled={busy || number.trim() === ''}
        onClick={() => onToken(offlineCardToken(number), 'The card number is not accepted.')}
        sx={{ mt: 1 }}
      >
        Save card
      </Button>
    </Box>
  );
}
