import { formatDate, incidentStatusLabel, lookupName, lookupPathText } from '@blotter/shared/presentation';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import type { SubjectIncident } from '@blotter/shared/schemas/subjects';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagePagination } from '../../../components/page-pagination';
import { useSubjectIncidents } from '../api/subjects-api';
import { RELATION_LABELS } from '../model/subject-labels';

interface TimelineCardProps {
  kind: string;
  id: string;
  dateFormat: number;
  classes: readonly LookupNode[];
  locations: readonly LookupNode[];
  involvements: readonly { id: string; name: string }[];
}

function relationChips(incident: SubjectIncident, involvements: TimelineCardProps['involvements']) {
  const labels = incident.relations.map((relation) => RELATION_LABELS[relation]);
  if (incident.involvementId) labels.push(lookupName(involvements, incident.involvementId));
  return labels.map((label) => <Chip key={label} size="small" label={label} variant="outlined" />);
}

/** The incidents the subject appears in, newest first, paged on the server; each opens the incident viewer. */
export function TimelineCard({ kind, id, dateFormat, classes, locations, involvements }: TimelineCardProps) {
  const [page, setPage] = useState(0);
  const incidents = useSubjectIncidents(kind, id, page);
  return (
    <Card variant="outlined">
      <CardHeader title="Timeline" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {incidents.isError && <Alert severity="error">{incidents.error.message}</Alert>}
        {incidents.data?.items.length === 0 && (
          <Typography color="text.secondary">No incident you may see names this subject.</Typography>
        )}
        {incidents.data && incidents.data.items.length > 0 && (
          <>
            <List aria-label="Incidents of the subject" disablePadding>
              {incidents.data.items.map((incident) => (
                <ListItem key={incident.id} divider disableGutters sx={{ display: 'block' }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <Link component={RouterLink} to={`/incident/${incident.id}`} sx={{ fontWeight: 500 }}>
                      Incident #{incident.number}
                    </Link>
                    <Typography component="span" color="text.secondary">
                      {formatDate(incident.date, dateFormat)}
                    </Typography>
                    <Chip size="small" label={incidentStatusLabel(incident.status)} />
                    {incident.locked && <Chip size="small" icon={<LockIcon />} label="Locked" variant="outlined" />}
                    {relationChips(incident, involvements)}
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {[lookupPathText(classes, incident.lastClassId), lookupPathText(locations, incident.lastLocationId)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </ListItem>
              ))}
            </List>
            <PagePagination page={incidents.data} onPageChange={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
