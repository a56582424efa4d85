import type { ImportDetail, ImportPreview } from '@blotter/shared/schemas/imports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PageLoader } from '../../../components/page-loader';
import { useImportPreview } from '../api/get-import-preview';
import { useStartImportJob } from '../api/start-import-job';

/** The field labels of the rows, in the order they first appear. */
function columnsOf(rows: ImportPreview['rows']): string[] {
  const labels = new Set<string>();
  for (const row of rows) for (const label of Object.keys(row.fields)) labels.add(label);
  return [...labels];
}

/** Short values on one line (dates, paths), long texts wrapped in a column of readable width. */
const cellStyle = (text: string) =>
  text.length > 40
    ? { minWidth: 260, maxWidth: 360, overflowWrap: 'anywhere' as const }
    : { whiteSpace: 'nowrap' as const };

interface StepProps {
  detail: ImportDetail;
  onBack: () => void;
  onStarted: () => void;
}

/** Preview: the first rows as they will be stored, each row's issues in red; then the dry run. */
export function PreviewStep({ detail, onBack, onStarted }: StepProps) {
  const preview = useImportPreview(detail.id);
  const start = useStartImportJob(detail.id);
  if (preview.isError) return <Alert severity="error">{preview.error.message}</Alert>;
  if (!preview.data) return <PageLoader />;
  const rows = preview.data.rows;
  const columns = columnsOf(rows);
  const anyIssues = rows.some((row) => row.issues.length > 0);
  return (
    <Stack spacing={2}>
      <Typography>
        The first {rows.length} incidents as they will be stored. The dry run checks every row with the rules of the
        incident form; nothing is stored until you confirm the import.
      </Typography>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader aria-label="Preview">
          <TableHead>
            <TableRow>
              {['Row', 'Reference', 'Issues', ...columns].map((header) => (
                <TableCell key={header} sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={`${row.sheet}-${row.rowNumber}`}>
                <TableCell>{row.rowNumber}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.sourceRef}</TableCell>
                <TableCell sx={{ color: 'error.main', minWidth: anyIssues ? 220 : undefined }}>
                  {row.issues.map((issue) => (
                    <div key={issue}>{issue}</div>
                  ))}
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column} sx={cellStyle(row.fields[column] ?? '')}>
                    {row.fields[column] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {start.isError && <Alert severity="error">{start.error.message}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onBack}>Back</Button>
        <Button
          variant="contained"
          onClick={() => start.mutate('validate', { onSuccess: onStarted })}
          loading={start.isPending}
        >
          Start the dry run
        </Button>
      </Box>
    </Stack>
  );
}
