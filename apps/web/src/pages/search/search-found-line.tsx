import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SearchTotal } from './use-search-total';

/** '1,234 incidents found', '1,000+ incidents found', '10,000+ incidents found'. */
export function foundText(total: number, capped: boolean): string {
  const count = `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return `${count} ${total === 1 && !capped ? 'incident' : 'incidents'} found`;
}

/**
 * The status line over the search results: 'Counting…' until the total comes, then how many were
 * found; after a quick '1,000+' a 'Count all' button asks for the exact figure ('Counting…' while it
 * runs). Grey while the results are out of date.
 */
export function SearchFoundLine({ total, stale = false }: { total: SearchTotal; stale?: boolean }) {
  const { known, failed, countAll, countingAll, countAllFailed } = total;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 30 }}>
      <Typography role="status" variant="subtitle1" sx={{ color: stale ? 'text.secondary' : undefined }}>
        {known ? foundText(known.total, known.totalCapped) : failed ? 'The total could not be counted.' : 'Counting…'}
      </Typography>
      {countAll && (
        <Button size="small" onClick={countAll} loading={countingAll} loadingPosition="start" sx={{ py: 0 }}>
          {countingAll ? 'Counting…' : 'Count all'}
        </Button>
      )}
      {countAll && countAllFailed && (
        <Typography role="alert" variant="body2" color="error">
          The total could not be counted.
        </Typography>
      )}
    </Stack>
  );
}
