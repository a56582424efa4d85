import { PdfDialog } from '../../../components/pdf-dialog';
import { printIncident } from '../api/print-incident';

interface PrintDialogProps {
  incident: { id: string; number: number };
  open: boolean;
  onClose: () => void;
}

/** 'Print Incident #N': the incident's PDF (made by the server) in a frame, with Download and Close. */
export function PrintDialog({ incident, open, onClose }: PrintDialogProps) {
  return (
    <PdfDialog
      open={open}
      title={`Print Incident #${incident.number}`}
      fileName={`incident-${incident.number}.pdf`}
      load={() => printIncident(incident.id)}
      loadKey={incident.id}
      failure="The incident could not be printed"
      onClose={onClose}
    />
  );
}
