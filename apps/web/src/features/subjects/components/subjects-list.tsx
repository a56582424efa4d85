import { formatDate } from '@blotter/shared/presentation';
import type { SubjectRow } from '@blotter/shared/schemas/subjects';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router';
import { PagePagination } from '../../../components/page-pagination';
import type { Paged } from '../api/subjects-api';
import { KIND_LABELS } from '../model/subject-labels';
import { BanBadge } from './ban-badge';
import { SubjectAvatar } from './subject-avatar';

interface SubjectsListProps {
  page: Paged<SubjectRow>;
  dateFormat: number;
  emptyText: string;
  onOpen: (row: SubjectRow) => void;
  onPageChange: (page: number) => void;
  /** The rows are those of an earlier search while the next loads: shown in grey. */
  dimmed?: boolean;
}

const HEADERS = ['Photo', 'Name', 'Detail', 'Kind', 'Incidents', 'Latest incident', 'Ban'];

function latestText(row: SubjectRow, dateFormat: number): string {
  if (!row.latestIncident) return '';
  const date = formatDate(row.latestIncident.date, dateFormat);
  return date ? `#${row.latestIncident.number} · ${date}` : `#${row.latestIncident.number}`;
}

/** Read by screen readers only (the photo column's header). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const subjectPath = (row: SubjectRow) => `/subjects/${row.kind}/${row.id}`;

/** The subjects of a page: a table whose rows open the subject, cards on a phone. */
export function SubjectsList({ page, dateFormat, emptyText, onOpen, onPageChange, dimmed = false }: SubjectsListProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (page.items.length === 0) {
    return <Typography sx={{ py: 3, color: 'text.secondary' }}>{emptyText}</Typography>;
  }
  const pager = <PagePagination page={page} onPageChange={onPageChange} />;
  if (phone) {
    return (
      <>
        <Stack component="ul" spacing={1} aria-label="Subjects" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {page.items.map((row) => (
            <Card key={`${row.kind}-${row.id}`} component="li" variant="outlined">
              <CardActionArea component={RouterLink} to={subjectPath(row)}>
                <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                  <SubjectAvatar kind={row.kind} name={row.displayName} photoUrl={row.photoUrl} />
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{row.displayName}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {[KIND_LABELS[row.kind], row.detail].filter(Boolean).join(' · ')}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {row.incidentCount} {row.incidentCount === 1 ? 'incident' : 'incidents'}
                      {row.latestIncident ? `, latest ${latestText(row, dateFormat)}` : ''}
                    </Typography>
                  </Box>
                  {row.activeBan && <BanBadge banType={row.activeBan} />}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
        {pager}
      </>
    );
  }
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Subjects" sx={dimmed ? { '& td': { color: 'text.secondary' } } : undefined}>
          <TableHead>
            <TableRow>
              {HEADERS.map((header) => (
                <TableCell key={header} sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                  {header === 'Photo' ? (
                    <Box component="span" sx={visuallyHidden}>
                      {header}
                    </Box>
                  ) : (
                    header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {page.items.map((row) => (
              <TableRow key={`${row.kind}-${row.id}`} hover onClick={() => onOpen(row)} sx={{ cursor: 'pointer' }}>
                <TableCell sx={{ width: 56, py: 0.5 }}>
                  <SubjectAvatar kind={row.kind} name={row.displayName} photoUrl={row.photoUrl} size={36} />
                </TableCell>
                <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                  <Link
                    component={RouterLink}
                    to={subjectPath(row)}
                    onClick={(event) => event.stopPropagation()}
                    underline="hover"
                    sx={{ fontWeight: 500 }}
                  >
                    {row.displayName}
                  </Link>
                </TableCell>
                <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{row.detail}</TableCell>
                <TableCell>{KIND_LABELS[row.kind]}</TableCell>
                <TableCell>{row.incidentCount}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{latestText(row, dateFormat)}</TableCell>
                <TableCell>{row.activeBan && <BanBadge banType={row.activeBan} />}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pager}
    </>
  );
}
