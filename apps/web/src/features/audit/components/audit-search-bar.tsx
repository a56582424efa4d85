import { AUDIT_OBJECT_TYPES, type AuditObjectType } from '@blotter/shared/schemas/audit';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CalendarDateField } from '../../../components/form/calendar-date-field';
import { useAuditUsers } from '../api/get-audit-users';
import { AUDIT_TYPE_LABELS } from '../model/audit-labels';

export interface AuditRange {
  fromDate: string;
  toDate: string;
}

/** The one filter of the table: none, an audit type, or a user. */
export type AuditFilter = { by: 'none' } | { by: 'type'; type: AuditObjectType | '' } | { by: 'user'; userId: string };

interface AuditSearchBarProps {
  range: AuditRange;
  onRangeChange: (range: AuditRange) => void;
  /** The range's problem, shown under the pickers; Search is disabled while there is one. */
  problem: string | null;
  onSearch: () => void;
  filter: AuditFilter;
  onFilterChange: (filter: AuditFilter) => void;
  /** The company's dateFormat setting. */
  dateFormat: number;
}

/** Date from / to (no future dates), Search, and the filter by audit type or by user (spec 3 §2). */
export function AuditSearchBar(props: AuditSearchBarProps) {
  const { range, onRangeChange, problem, onSearch, filter, onFilterChange, dateFormat } = props;
  const users = useAuditUsers(filter.by === 'user');
  const picker = (label: string, key: keyof AuditRange) => (
    <CalendarDateField
      label={label}
      dateFormat={dateFormat}
      disableFuture
      value={range[key]}
      onChange={(value) => onRangeChange({ ...range, [key]: value })}
      textField={{ sx: { width: 180 } }}
    />
  );
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        {picker('Date from', 'fromDate')}
        {picker('Date to', 'toDate')}
        <Button variant="contained" onClick={onSearch} disabled={problem !== null}>
          Search
        </Button>
      </Stack>
      {problem && (
        <Typography role="alert" variant="body2" color="error">
          {problem}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          select
          size="small"
          label="Filter by"
          value={filter.by}
          onChange={(event) => {
            const by = event.target.value as AuditFilter['by'];
            onFilterChange(by === 'type' ? { by, type: '' } : by === 'user' ? { by, userId: '' } : { by: 'none' });
          }}
          sx={{ width: 180 }}
        >
          <MenuItem value="none">No filter</MenuItem>
          <MenuItem value="type">Audit type</MenuItem>
          <MenuItem value="user">User</MenuItem>
        </TextField>
        {filter.by === 'type' && (
          <TextField
            select
            size="small"
            label="Audit type"
            value={filter.type}
            onChange={(event) => onFilterChange({ by: 'type', type: event.target.value as AuditObjectType })}
            sx={{ width: 220 }}
          >
            {AUDIT_OBJECT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {AUDIT_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {filter.by === 'user' && (
          <TextField
            select
            size="small"
            label="User"
            value={filter.userId}
            onChange={(event) => onFilterChange({ by: 'user', userId: event.target.value })}
            sx={{ width: 260 }}
            disabled={!users.data}
          >
            {(users.data ?? []).map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </Stack>
  );
}
