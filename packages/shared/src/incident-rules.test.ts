import { describe, expect, it } from 'vitest';
import { INCIDENT_STATUS } from './constants';
import {
  actionApplies,
  canViewIncident,
  type IncidentAction,
  type IncidentRuleTarget,
  type IncidentRuleUser,
  incidentActions,
  incidentPermissions,
  VIEW_INCIDENT_PRIVILEGES,
} from './incident-rules';
import type { Privilege } from './privileges';

const ME = 'user-me';
const OTHER = 'user-other';
const { OPEN, CLOSED } = INCIDENT_STATUS;

type Relation = 'own' | 'assigned' | 'other';

const user = (privileges: Privilege[], admin = false): IncidentRuleUser => ({ userId: ME, admin, privileges });
const incident = (relation: Relation, extra: Partial<IncidentRuleTarget> = {}): IncidentRuleTarget => ({
  status: OPEN,
  locked: false,
  createUserId: relation === 'own' ? ME : OTHER,
  assignedUserId: relation === 'assigned' ? ME : null,
  ...extra,
});

describe('canViewIncident', () => {
  // [privileges, own, assigned, other's]
  const cases: [Privilege[], boolean, boolean, boolean][] = [
    [[], false, false, false],
    [['MYINCIDENT_ADD', 'PRIVACY_INFO_VIEW', 'INCIDENT_DELETE', 'OPEN_CLOSED_INCIDENT'], false, false, false],
    [['MYINCIDENT_SEARCH'], true, true, false],
    [['MYINCIDENT_EDIT'], true, true, false],
    [['MYINCIDENT_PRINT'], true, true, false],
    [['MYINCIDENT_CLOSE'], true, true, false],
    [['ALLINCIDENT_SEARCH'], true, true, true],
    [['ALLINCIDENT_EDIT'], true, true, true],
    [['ALLINCIDENT_PRINT'], true, true, true],
    [['ALLINCIDENT_CLOSE'], true, true, true],
    [
      ['MYINCIDENT_ADD', 'MYINCIDENT_EDIT', 'MYINCIDENT_SEARCH', 'MYINCIDENT_PRINT', 'MYINCIDENT_CLOSE'],
      true,
      true,
      false,
    ],
  ];
  it.each(cases)('%j sees own %s, assigned %s, other’s %s', (privileges, own, assigned, other) => {
    const holder = user(privileges);
    expect([
      canViewIncident(holder, incident('own')),
      canViewIncident(holder, incident('assigned')),
      canViewIncident(holder, incident('other')),
    ]).toEqual([own, assigned, other]);
  });

  it('lists exactly the eight search, edit, print and close privileges as the ones that show incidents', () => {
    expect([...VIEW_INCIDENT_PRIVILEGES].sort()).toEqual(
      [
        'ALLINCIDENT_CLOSE',
        'ALLINCIDENT_EDIT',
        'ALLINCIDENT_PRINT',
        'ALLINCIDENT_SEARCH',
        'MYINCIDENT_CLOSE',
        'MYINCIDENT_EDIT',
        'MYINCIDENT_PRINT',
        'MYINCIDENT_SEARCH',
      ].sort(),
    );
  });

  it('hides a locked incident, even one’s own, without INCIDENT_LOCK', () => {
    for (const relation of ['own', 'assigned', 'other'] as const) {
      const locked = incident(relation, { locked: true, status: CLOSED });
      expect(canViewIncident(user(['ALLINCIDENT_SEARCH', 'MYINCIDENT_SEARCH']), locked), relation).toBe(false);
      expect(canViewIncident(user(['ALLINCIDENT_SEARCH', 'INCIDENT_LOCK']), locked), relation).toBe(true);
    }
    expect(canViewIncident(user(['MYINCIDENT_SEARCH', 'INCIDENT_LOCK']), incident('own', { locked: true }))).toBe(true);
    // INCIDENT_LOCK alone opens locked incidents only to someone who may see incidents at all.
    expect(canViewIncident(user(['INCIDENT_LOCK']), incident('own', { locked: true }))).toBe(false);
    expect(canViewIncident(user(['MYINCIDENT_SEARCH', 'INCIDENT_LOCK']), incident('other', { locked: true }))).toBe(
      false,
    );
  });

  it('lets an administrator see everything, locked or not', () => {
    const admin = user([], true);
    expect(canViewIncident(admin, incident('other'))).toBe(true);
    expect(canViewIncident(admin, incident('other', { locked: true }))).toBe(true);
  });
});

describe('incidentPermissions (privileges only, whatever the status)', () => {
  const ACTIONS: IncidentAction[] = ['edit', 'close', 'reopen', 'lock', 'unlock', 'print', 'history', 'delete'];
  const allowed = (privileges: Privilege[], relation: Relation) => {
    const may = incidentPermissions(user(privileges), incident(relation));
    return ACTIONS.filter((action) => may[action]);
  };

  it('gives the own-incident privileges to the creator only, not to the assigned investigator', () => {
    const mine: Privilege[] = ['MYINCIDENT_EDIT', 'MYINCIDENT_CLOSE', 'MYINCIDENT_PRINT'];
    expect(allowed(mine, 'own')).toEqual(['edit', 'close', 'print', 'history']);
    expect(allowed(mine, 'assigned')).toEqual(['history']);
    expect(allowed(mine, 'other')).toEqual(['history']);
  });

  it.each([
    ['ALLINCIDENT_EDIT', ['edit', 'history']],
    ['ALLINCIDENT_CLOSE', ['close', 'history']],
    ['ALLINCIDENT_PRINT', ['print', 'history']],
    ['OPEN_CLOSED_INCIDENT', ['reopen', 'history']],
    ['INCIDENT_LOCK', ['lock', 'unlock', 'history']],
    ['INCIDENT_DELETE', ['history', 'delete']],
    ['ALLINCIDENT_SEARCH', ['history']],
  ] as [Privilege, IncidentAction[]][])('%s allows %j on anyone’s incident', (privilege, actions) => {
    for (const relation of ['own', 'assigned', 'other'] as const) {
      expect(allowed([privilege], relation), relation).toEqual(actions);
    }
  });

  it('gives an administrator every action', () => {
    const may = incidentPermissions(user([], true), incident('other'));
    expect(ACTIONS.every((action) => may[action])).toBe(true);
  });
});

describe('actionApplies (the status and lock an action needs)', () => {
  const states = [
    { status: OPEN, locked: false },
    { status: CLOSED, locked: false },
    { status: CLOSED, locked: true },
    { status: OPEN, locked: true },
    { status: INCIDENT_STATUS.DRAFT, locked: false },
  ];
  it.each([
    ['edit', [true, false, false, true, true]],
    ['close', [true, false, false, true, false]],
    ['reopen', [false, true, true, false, false]],
    ['lock', [false, true, true, false, false]],
    ['unlock', [false, false, true, true, false]],
    ['print', [true, true, true, true, false]],
    ['history', [true, true, true, true, false]],
    ['delete', [true, true, true, true, true]],
  ] as [IncidentAction, boolean[]][])(
    '%s applies to open, closed, closed+locked, open+locked, draft: %j',
    (action, expected) => {
      expect(states.map((state) => actionApplies(action, state))).toEqual(expected);
    },
  );
});

describe('incidentActions (what the viewer and the lists offer)', () => {
  const offered = (privileges: Privilege[], target: IncidentRuleTarget) => {
    const actions = incidentActions(user(privileges), target);
    return Object.entries(actions)
      .filter(([, yes]) => yes)
      .map(([name]) => name);
  };
  const STAFF: Privilege[] = [
    'MYINCIDENT_ADD',
    'MYINCIDENT_EDIT',
    'MYINCIDENT_SEARCH',
    'MYINCIDENT_PRINT',
    'MYINCIDENT_CLOSE',
  ];

  it('offers staff edit, close, print and history on their own open incident, print and history once closed', () => {
    expect(offered(STAFF, incident('own'))).toEqual(['edit', 'close', 'print', 'history']);
    expect(offered(STAFF, incident('own', { status: CLOSED }))).toEqual(['print', 'history']);
  });

  it('offers staff only history on an incident they investigate but did not enter', () => {
    expect(offered(STAFF, incident('assigned'))).toEqual(['history']);
  });

  it('offers a company-wide editor edit but not close on anyone’s open incident, nothing but history once closed', () => {
    const editor: Privilege[] = ['ALLINCIDENT_EDIT', 'ALLINCIDENT_SEARCH'];
    expect(offered(editor, incident('other'))).toEqual(['edit', 'history']);
    expect(offered(editor, incident('other', { status: CLOSED }))).toEqual(['history']);
  });

  it('offers reopen and lock only on closed incidents', () => {
    const keeper: Privilege[] = ['ALLINCIDENT_SEARCH', 'OPEN_CLOSED_INCIDENT', 'INCIDENT_LOCK'];
    expect(offered(keeper, incident('other'))).toEqual(['history']);
    expect(offered(keeper, incident('other', { status: CLOSED }))).toEqual(['reopen', 'lock', 'history']);
    expect(offered(keeper, incident('other', { status: CLOSED, locked: true }))).toEqual(['reopen', 'lock', 'history']);
  });

  it('offers on a draft only edit and, with INCIDENT_DELETE, delete', () => {
    const draft = incident('own', { status: INCIDENT_STATUS.DRAFT });
    expect(offered([...STAFF, 'INCIDENT_DELETE'], draft)).toEqual(['edit', 'delete']);
  });

  it('offers delete with INCIDENT_DELETE and unmasking with PRIVACY_INFO_VIEW, whatever the status', () => {
    const privileges: Privilege[] = ['ALLINCIDENT_SEARCH', 'INCIDENT_DELETE', 'PRIVACY_INFO_VIEW'];
    expect(offered(privileges, incident('other'))).toEqual(['history', 'delete', 'viewPrivate']);
    expect(offered(privileges, incident('other', { status: CLOSED }))).toEqual(['history', 'delete', 'viewPrivate']);
  });

  it('offers an administrator everything that applies to the status', () => {
    const admin = user([], true);
    expect(incidentActions(admin, incident('other'))).toEqual({
      edit: true,
      close: true,
      reopen: false,
      lock: false,
      print: true,
      history: true,
      delete: true,
      viewPrivate: true,
    });
    expect(incidentActions(admin, incident('other', { status: CLOSED }))).toEqual({
      edit: false,
      close: false,
      reopen: true,
      lock: true,
      print: true,
      history: true,
      delete: true,
      viewPrivate: true,
    });
  });
});
