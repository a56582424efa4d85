import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { privateFieldText } from '../model/format-values';
import type { ViewField as ViewFieldModel } from '../model/view-sections';
import { changedSx } from './changed-style';

interface ViewFieldProps {
  field: ViewFieldModel;
  /** Private fields: withheld by the server, or masked until the person unlocks them. */
  privacy?: { hidden: boolean; unlocked: boolean };
  changed?: boolean;
  /** Rich text and long texts take the whole row. */
  wide?: boolean;
}

const richTextSx = {
  '& p': { my: 0.5 },
  '& ul, & ol': { my: 0.5, pl: 3 },
  wordBreak: 'break-word',
} as const;

/** A label and its read-only value, as a named group; 'Changed' is marked in the history compare. */
export function ViewField({ field, privacy, changed, wide }: ViewFieldProps) {
  const labelId = useId();
  const text = field.private && privacy ? privateFieldText(field.text, privacy) : field.text;
  let value = (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
      {text || '—'}
    </Typography>
  );
  if (field.html !== undefined && field.text) {
    value = (
      <Typography
        component="div"
        variant="body2"
        sx={richTextSx}
        // The server sanitises every rich-text field before it is stored (platform/rich-text.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server
        dangerouslySetInnerHTML={{ __html: field.html }}
      />
    );
  }
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      title={changed ? 'Changed' : undefined}
      data-changed={changed ? 'true' : undefined}
      sx={[
        { minWidth: 0, borderRadius: 1, px: 0.5, py: 0.25 },
        wide === true && { gridColumn: '1 / -1' },
        Boolean(changed) && changedSx,
      ]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={labelId} variant="caption" color="text.secondary" component="span">
          {field.label}
        </Typography>
        {changed && <Chip label="Changed" size="small" color="warning" sx={{ height: 18, fontSize: '0.7rem' }} />}
      </Box>
      {value}
    </Box>
  );
}

/** Fields in a responsive grid; narrow (a column of the history compare) holds fewer per row. */
export function FieldGrid({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  const columns = narrow
    ? { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }
    : { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' };
  return <Box sx={{ display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: columns }}>{children}</Box>;
}
