import { formatDateTime } from '@blotter/shared/presentation';
import type { HistoryEntry } from '@blotter/shared/schemas/incident-view';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PageLoader } from '../../../components/page-loader';
import { useIncidentHistory } from '../api/get-incident-history';
import { historyEntryText } from '../model/format-values';

interface HistoryTableProps {
  incidentId: string;
  dateFormat: number;
  onCompare: (entry: HistoryEntry) => void;
}

/** The incident's history (spec 1 §2 History): Date modified, Type, User, and Compare per row. */
export function HistoryTable({ incidentId, dateFormat, onCompare }: HistoryTableProps) {
  const history = useIncidentHistory(incidentId);
  if (history.isPending) return <PageLoader />;
  if (history.isError) return <Alert severity="error">The history could not be loaded.</Alert>;
  if (history.data.length === 0) return <Alert severity="info">This incident has no history yet.</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="History">
        <TableHead>
          <TableRow>
            <TableCell>Date modified</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>User</TableCell>
            <TableCell align="right">Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.data.map((entry) => (
            <TableRow key={entry.id} hover sx={{ cursor: 'pointer' }} onClick={() => onCompare(entry)}>
              <TableCell>{formatDateTime(entry.updateDate, dateFormat)}</TableCell>
              <TableCell>{historyEntryText(entry, dateFormat)}</TableCell>
              <TableCell>{entry.updateUserName || 'Unknown'}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  startIcon={<CompareArrowsIcon />}
                  onClick={(event) => {
                    event.stopPropagation();
                    onCompare(entry);
                  }}
                >
                  Compare
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
