import { FormSection } from '../../form/form-section';
import type { SectionProps } from '../section-props';
import { AttachmentList } from './attachment-list';
import type { AttachmentScope } from './use-form-attachments';

const FIELDS = ['attachments'] as const;
/** The incident's own attachments: those not tied to a vehicle or an item. */
const INCIDENT_SCOPE: AttachmentScope = { incidentVehicleId: null, incidentItemId: null };

/** 'Attachments': files of the incident (photos, documents, recordings). */
export function AttachmentsSection({ workingCopyId }: SectionProps) {
  return (
    <FormSection
      title="Attachments"
      help="Photos, documents, recordings and other files about the incident. Files of a vehicle or an item are added on its card."
      fields={FIELDS}
    >
      <AttachmentList workingCopyId={workingCopyId} scope={INCIDENT_SCOPE} emptyText="No attachments yet." />
    </FormSection>
  );
}
