import { INCIDENT_STATUS } from '@blotter/shared/constants';
import { formatDateTime } from '@blotter/shared/presentation';
import type { DraftRow } from '@blotter/shared/schemas/incidents';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { lookupPath } from '@blotter/shared/schemas/lookups';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId } from 'react';

interface DraftSelectorDialogProps {
  open: boolean;
  /** The most recently changed drafts (the first page of the list). */
  drafts: readonly DraftRow[];
  /** How many drafts the user has in all. */
  total: number;
  classTree: readonly LookupNode[];
  dateFormat: number;
  creating: boolean;
  onChoose: (id: string) => void;
  onCreate: () => void;
  onNotNow: () => void;
}

function numberText(row: DraftRow): string {
  if (row.number === null) return '—';
  return row.status === INCIDENT_STATUS.EDITING ? `${row.number} (editing)` : String(row.number);
}

/**
 * The saved drafts (spec 1 §2 Draft dialog): date created, last modified, what and number, newest
 * change first. Choosing a row makes it the working draft.
 */
export function DraftSelectorDialog({
  open,
  drafts,
  total,
  classTree,
  dateFormat,
  creating,
  onChoose,
  onCreate,
  onNotNow,
}: DraftSelectorDialogProps) {
  const titleId = useId();
  const rows = [...drafts].sort((a, b) => Date.parse(b.lastUpdateDate) - Date.parse(a.lastUpdateDate));
  return (
    <Dialog open={open} onClose={onNotNow} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>Saved drafts</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          You have incidents that were started but not saved. Continue one of them, or create a new incident.
        </DialogContentText>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Date created</TableCell>
                <TableCell>Last modified</TableCell>
                <TableCell>What</TableCell>
                <TableCell>Number</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const what = row.lastClassId ? lookupPath(classTree, row.lastClassId).join(' / ') : '';
                return (
                  <TableRow key={row.id} hover onClick={() => onChoose(row.id)} sx={{ cursor: 'pointer' }}>
                    <TableCell>
                      {/* The row is clickable; this link makes it reachable by keyboard too. */}
                      <Link
                        component="button"
                        type="button"
                        underline="hover"
                        onClick={(event) => {
                          event.stopPropagation();
                          onChoose(row.id);
                        }}
                      >
                        {formatDateTime(row.creationDate, dateFormat)}
                      </Link>
                    </TableCell>
                    <TableCell>{formatDateTime(row.lastUpdateDate, dateFormat)}</TableCell>
                    <TableCell>{what || 'Not chosen yet'}</TableCell>
                    <TableCell>{numberText(row)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {total > rows.length && (
          <DialogContentText sx={{ mt: 2 }}>
            {`The ${rows.length} most recently changed of your ${total} drafts are shown; the Draft Incidents list of the dashboard has all of them.`}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onNotNow} disabled={creating}>
          Not Now
        </Button>
        <Button variant="contained" onClick={onCreate} disabled={creating}>
          Create new incident
        </Button>
      </DialogActions>
    </Dialog>
  );
}
