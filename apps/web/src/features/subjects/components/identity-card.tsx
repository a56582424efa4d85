import { formatDate } from '@blotter/shared/presentation';
import type { SubjectDetail } from '@blotter/shared/schemas/subjects';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { identityFields } from '../model/identity-fields';
import { KIND_LABELS } from '../model/subject-labels';
import { BanBadge } from './ban-badge';
import { SubjectAvatar } from './subject-avatar';

interface IdentityCardProps {
  subject: SubjectDetail;
  dateFormat: number;
  countryNameOf: (code: string) => string | undefined;
  formatDay: (day: string) => string;
}

/** A subject's identity (its name is the page's heading): photo, kind, aliases, the card's fields, incident count, last seen and the active ban. */
export function IdentityCard({ subject, dateFormat, countryNameOf, formatDay }: IdentityCardProps) {
  const fields = identityFields(subject, countryNameOf, formatDay);
  const lastSeen = formatDate(subject.lastSeenDate, dateFormat);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <SubjectAvatar kind={subject.kind} name={subject.displayName} photoUrl={subject.photoUrl} size={96} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" variant="outlined" label={KIND_LABELS[subject.kind]} />
              {subject.activeBan && <BanBadge banType={subject.activeBan} />}
            </Stack>
            {subject.aliases.length > 0 && (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                Also known as {subject.aliases.join(', ')}
              </Typography>
            )}
            <Typography sx={{ mt: 1 }}>
              {subject.incidentCount} {subject.incidentCount === 1 ? 'incident' : 'incidents'}
              {lastSeen ? ` · last seen ${lastSeen}` : ''}
            </Typography>
            {fields.length > 0 && (
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content 1fr',
                  columnGap: 2,
                  rowGap: 0.5,
                  mt: 2,
                  mb: 0,
                }}
              >
                {fields.map((field) => (
                  <Box key={field.label} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {field.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {field.value}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
            {subject.person?.privateHidden && (
              <Alert severity="info" icon={<LockIcon fontSize="inherit" />} sx={{ mt: 2 }}>
                Private details are hidden: they need the privacy information privilege.
              </Alert>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
