import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../components/page-container';
import { IncidentActionDialogs, type ViewerState } from './dashboard/incident-action-dialogs';

/**
 * '/incident/:id': the incident viewer on its own address, the link of the notification emails.
 * The server answers an incident the user may not see like a missing one; closing the viewer
 * goes to the dashboard.
 */
export default function IncidentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [viewer, setViewer] = useState<ViewerState>({ seq: 0, incidentId: id, mode: 'view', open: true });
  return (
    <PageContainer title="Incident">
      <IncidentActionDialogs
        viewer={viewer}
        question={undefined}
        onViewerClose={() => {
          setViewer((current) => ({ ...current, open: false }));
          navigate('/dashboard');
        }}
        onQuestionClose={() => {}}
        onReopened={(incidentId) =>
          setViewer((current) => ({ ...current, seq: current.seq + 1, incidentId, mode: 'edit' }))
        }
      />
    </PageContainer>
  );
}
