import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';
import {
  DeleteIncidentDialog,
  type IncidentEditorRenderOptions,
  IncidentViewer,
  ReopenIncidentDialog,
} from '../../features/incident-viewer';

// The entry form (rich text and all) loads only when an incident is edited.
const IncidentEditor = lazy(() =>
  import('../../features/incidents/components/incident-editor').then((module) => ({ default: module.IncidentEditor })),
);

/** The viewer a row opened; `seq` changes with every opening, so each starts afresh. */
export interface ViewerState {
  seq: number;
  incidentId: string;
  mode: 'view' | 'edit';
  open: boolean;
}

/** The reopen or delete question a row asked. */
export interface QuestionState {
  kind: 'reopen' | 'delete';
  incident: { id: string; number: number };
  open: boolean;
}

interface IncidentActionDialogsProps {
  viewer: ViewerState | undefined;
  question: QuestionState | undefined;
  onViewerClose: () => void;
  onQuestionClose: () => void;
  /** The incident was reopened: the list opens it in the editor (spec 2 §4). */
  onReopened: (incidentId: string) => void;
}

function renderEditor(incidentId: string, options: IncidentEditorRenderOptions) {
  return (
    <Suspense fallback={<PageLoader />}>
      <IncidentEditor incidentId={incidentId} {...options} />
    </Suspense>
  );
}

/**
 * The incident viewer (view or edit mode) and the reopen and delete questions of the dashboard's
 * lists. Each stays mounted after closing so it can animate out; the viewer loads its own code.
 */
export function IncidentActionDialogs({
  viewer,
  question,
  onViewerClose,
  onQuestionClose,
  onReopened,
}: IncidentActionDialogsProps) {
  return (
    <>
      {viewer && (
        <IncidentViewer
          key={viewer.seq}
          incidentId={viewer.incidentId}
          open={viewer.open}
          onClose={onViewerClose}
          initialMode={viewer.mode}
          renderEditor={renderEditor}
        />
      )}
      {question && (
        <>
          <ReopenIncidentDialog
            incident={question.incident}
            open={question.open && question.kind === 'reopen'}
            onClose={onQuestionClose}
            onReopened={() => onReopened(question.incident.id)}
          />
          <DeleteIncidentDialog
            incident={question.incident}
            open={question.open && question.kind === 'delete'}
            onClose={onQuestionClose}
          />
        </>
      )}
    </>
  );
}
