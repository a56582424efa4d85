import { INCIDENT_STATUS } from '@blotter/shared/constants';
import type { IncidentActions } from '@blotter/shared/incident-rules';

export type ViewerMode = 'view' | 'edit' | 'history';

export type ViewerButton =
  | 'print'
  | 'history'
  | 'incident'
  | 'lock'
  | 'unlock'
  | 'reopen'
  | 'edit'
  | 'view'
  | 'close'
  | 'delete';

/** The accessible name (and text) of each title-bar button. */
export const VIEWER_BUTTON_LABELS: Record<ViewerButton, string> = {
  print: 'Print',
  history: 'History',
  incident: 'Incident',
  lock: 'Lock',
  unlock: 'Unlock',
  reopen: 'Reopen',
  edit: 'Edit',
  view: 'View',
  close: 'Close incident',
  delete: 'Delete',
};

export interface ViewerButtonInput {
  mode: ViewerMode;
  status: number;
  locked: boolean;
  actions: IncidentActions;
  /** Phones and tablets: no Print (spec 1 §2). */
  mobile: boolean;
  /** The page gave an editor (renderEditor); without it there is no edit mode. */
  canRenderEditor: boolean;
}

/**
 * The title-bar buttons of the viewer, in order (spec 1 §2 Incident viewer, §4, §6): the server's
 * `actions` say what the user may do; the mode and the status say where it is offered.
 * - Print and History/Incident: open and closed incidents (not while editing); Print not on mobile.
 * - Lock/Unlock and Reopen: view mode, closed incidents.
 * - Edit and Close incident: view mode, non-closed (Close: open) incidents. View: edit mode.
 * - Delete: view mode.
 */
export function viewerButtons(input: ViewerButtonInput): ViewerButton[] {
  const { mode, status, locked, actions, mobile } = input;
  const closed = status === INCIDENT_STATUS.CLOSED;
  const saved = status === INCIDENT_STATUS.OPEN || closed;
  const buttons: ViewerButton[] = [];
  if (mode === 'edit') {
    if (!closed) buttons.push('view');
    return buttons;
  }
  if (saved && actions.print && !mobile) buttons.push('print');
  if (saved && actions.history) buttons.push(mode === 'history' ? 'incident' : 'history');
  if (mode !== 'view') return buttons;
  if (closed && actions.lock) buttons.push(locked ? 'unlock' : 'lock');
  if (closed && actions.reopen) buttons.push('reopen');
  if (!closed && actions.edit && input.canRenderEditor) buttons.push('edit');
  if (status === INCIDENT_STATUS.OPEN && actions.close) buttons.push('close');
  if (actions.delete) buttons.push('delete');
  return buttons;
}

/** The mode the viewer opens in: edit only when the incident may be edited (else view). */
export function startMode(
  requested: ViewerMode,
  incident: { status: number; actions: IncidentActions },
  canRenderEditor: boolean,
): ViewerMode {
  if (requested === 'edit') {
    const editable = incident.status !== INCIDENT_STATUS.CLOSED && incident.actions.edit && canRenderEditor;
    return editable ? 'edit' : 'view';
  }
  if (requested === 'history' && !incident.actions.history) return 'view';
  return requested;
}
