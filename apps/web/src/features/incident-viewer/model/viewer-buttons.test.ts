import { INCIDENT_STATUS } from '@blotter/shared/constants';
import type { IncidentActions } from '@blotter/shared/incident-rules';
import { describe, expect, it } from 'vitest';
import { startMode, type ViewerButtonInput, viewerButtons } from './viewer-buttons';

const ALL: IncidentActions = {
  edit: true,
  close: true,
  reopen: true,
  lock: true,
  print: true,
  history: true,
  delete: true,
  viewPrivate: true,
};
const NONE: IncidentActions = {
  edit: false,
  close: false,
  reopen: false,
  lock: false,
  print: false,
  history: false,
  delete: false,
  viewPrivate: false,
};

const input = (over: Partial<ViewerButtonInput>): ViewerButtonInput => ({
  mode: 'view',
  status: INCIDENT_STATUS.OPEN,
  locked: false,
  actions: ALL,
  mobile: false,
  canRenderEditor: true,
  ...over,
});

describe('viewerButtons', () => {
  it('offers Print, History, Edit, Close incident and Delete for an open incident in view mode', () => {
    expect(viewerButtons(input({}))).toEqual(['print', 'history', 'edit', 'close', 'delete']);
  });

  it('offers Lock and Reopen (not Edit or Close) for a closed incident in view mode', () => {
    expect(viewerButtons(input({ status: INCIDENT_STATUS.CLOSED }))).toEqual([
      'print',
      'history',
      'lock',
      'reopen',
      'delete',
    ]);
  });

  it('offers Unlock instead of Lock for a locked closed incident', () => {
    const buttons = viewerButtons(input({ status: INCIDENT_STATUS.CLOSED, locked: true }));
    expect(buttons).toContain('unlock');
    expect(buttons).not.toContain('lock');
  });

  it('offers only View in edit mode', () => {
    expect(viewerButtons(input({ mode: 'edit' }))).toEqual(['view']);
  });

  it('toggles History to Incident in history mode and hides the view-mode actions', () => {
    expect(viewerButtons(input({ mode: 'history' }))).toEqual(['print', 'incident']);
    expect(viewerButtons(input({ mode: 'history', status: INCIDENT_STATUS.CLOSED }))).toEqual(['print', 'incident']);
  });

  it('hides Print on mobile devices', () => {
    expect(viewerButtons(input({ mobile: true }))).not.toContain('print');
    expect(viewerButtons(input({ mobile: true, mode: 'history' }))).toEqual(['incident']);
  });

  it('offers nothing the server does not allow', () => {
    expect(viewerButtons(input({ actions: NONE }))).toEqual([]);
    expect(viewerButtons(input({ actions: NONE, status: INCIDENT_STATUS.CLOSED }))).toEqual([]);
  });

  it('follows each action flag on its own', () => {
    expect(viewerButtons(input({ actions: { ...NONE, print: true } }))).toEqual(['print']);
    expect(viewerButtons(input({ actions: { ...NONE, delete: true } }))).toEqual(['delete']);
    expect(viewerButtons(input({ actions: { ...NONE, reopen: true }, status: INCIDENT_STATUS.CLOSED }))).toEqual([
      'reopen',
    ]);
  });

  it('ignores flags that do not fit the status (reopen and lock need closed, close needs open)', () => {
    expect(viewerButtons(input({ actions: { ...NONE, reopen: true, lock: true } }))).toEqual([]);
    expect(viewerButtons(input({ actions: { ...NONE, close: true }, status: INCIDENT_STATUS.CLOSED }))).toEqual([]);
  });

  it('offers no Edit without an editor from the page', () => {
    expect(viewerButtons(input({ canRenderEditor: false }))).not.toContain('edit');
  });

  it('offers neither Print nor History for a draft', () => {
    expect(viewerButtons(input({ status: INCIDENT_STATUS.DRAFT }))).toEqual(['edit', 'delete']);
  });
});

describe('startMode', () => {
  const open = { status: INCIDENT_STATUS.OPEN, actions: ALL };
  const closed = { status: INCIDENT_STATUS.CLOSED, actions: ALL };

  it('opens in edit mode only when the incident may be edited', () => {
    expect(startMode('edit', open, true)).toBe('edit');
    expect(startMode('edit', closed, true)).toBe('view');
    expect(startMode('edit', { ...open, actions: { ...ALL, edit: false } }, true)).toBe('view');
    expect(startMode('edit', open, false)).toBe('view');
  });

  it('opens the history only when it is available', () => {
    expect(startMode('history', open, true)).toBe('history');
    expect(startMode('history', { ...open, actions: NONE }, true)).toBe('view');
    expect(startMode('view', open, true)).toBe('view');
  });
});
