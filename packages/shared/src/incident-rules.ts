/**
 * Who may do what with an incident (spec 1 §4 and §6). The server enforces these on every call;
 * the viewer and the result lists use the same rules to offer only what the server allows.
 */
import { INCIDENT_STATUS } from './constants';
import { hasAnyPrivilege, hasPrivilege, type Privilege, type PrivilegeHolder } from './privileges';

export interface IncidentRuleUser extends PrivilegeHolder {
  userId: string;
}

export interface IncidentRuleTarget {
  status: number;
  locked: boolean;
  createUserId: string;
  assignedUserId: string | null;
}

const own = (user: IncidentRuleUser, incident: IncidentRuleTarget) => incident.createUserId === user.userId;
const either = (user: IncidentRuleUser, all: Privilege, mine: Privilege, incident: IncidentRuleTarget) =>
  hasPrivilege(user, all) || (hasPrivilege(user, mine) && own(user, incident));

/** Any of these lets a user see every incident of the company. */
export const VIEW_ALL_INCIDENT_PRIVILEGES: readonly Privilege[] = [
  'ALLINCIDENT_SEARCH',
  'ALLINCIDENT_EDIT',
  'ALLINCIDENT_PRINT',
  'ALLINCIDENT_CLOSE',
];

/** Any of these lets a user see the incidents they entered or investigate. */
export const VIEW_OWN_INCIDENT_PRIVILEGES: readonly Privilege[] = [
  'MYINCIDENT_SEARCH',
  'MYINCIDENT_EDIT',
  'MYINCIDENT_PRINT',
  'MYINCIDENT_CLOSE',
];

/** Any of these lets a user see incidents (all of the company's, or their own). */
export const VIEW_INCIDENT_PRIVILEGES: readonly Privilege[] = [
  ...VIEW_ALL_INCIDENT_PRIVILEGES,
  ...VIEW_OWN_INCIDENT_PRIVILEGES,
];

/**
 * Seeing an incident: the company-wide privileges, or the own-incident ones for one's own incidents
 * (and for the investigator assigned to it). A locked incident also needs INCIDENT_LOCK.
 */
export function canViewIncident(user: IncidentRuleUser, incident: IncidentRuleTarget): boolean {
  if (incident.locked && !hasPrivilege(user, 'INCIDENT_LOCK')) return false;
  if (hasAnyPrivilege(user, VIEW_ALL_INCIDENT_PRIVILEGES)) return true;
  const mine = own(user, incident) || incident.assignedUserId === user.userId;
  return mine && hasAnyPrivilege(user, VIEW_OWN_INCIDENT_PRIVILEGES);
}

/** The actions the viewer and the lists offer for an incident the user can see. */
export interface IncidentActions {
  edit: boolean;
  close: boolean;
  reopen: boolean;
  lock: boolean;
  print: boolean;
  history: boolean;
  delete: boolean;
  /** Unmask the private fields of persons. */
  viewPrivate: boolean;
}

/** What a user may do with an incident; the server checks each with incident.policy. */
export type IncidentAction = 'edit' | 'close' | 'reopen' | 'lock' | 'unlock' | 'print' | 'history' | 'delete';

/**
 * What the user's privileges allow with an incident they can see, whatever its status (spec 1 §6).
 * Only the creator counts as "own" here: an assigned investigator sees the incident but needs the
 * company-wide privilege to change it.
 */
export function incidentPermissions(
  user: IncidentRuleUser,
  incident: IncidentRuleTarget,
): Record<IncidentAction, boolean> {
  return {
    edit: either(user, 'ALLINCIDENT_EDIT', 'MYINCIDENT_EDIT', incident),
    close: either(user, 'ALLINCIDENT_CLOSE', 'MYINCIDENT_CLOSE', incident),
    reopen: hasPrivilege(user, 'OPEN_CLOSED_INCIDENT'),
    lock: hasPrivilege(user, 'INCIDENT_LOCK'),
    unlock: hasPrivilege(user, 'INCIDENT_LOCK'),
    print: either(user, 'ALLINCIDENT_PRINT', 'MYINCIDENT_PRINT', incident),
    history: true,
    delete: hasPrivilege(user, 'INCIDENT_DELETE'),
  };
}

/**
 * Whether an action applies to the incident's status (spec 1 §4): a closed incident is not
 * edited, only an open one is closed, only a closed one reopened or locked, print and history
 * are for saved incidents. Unlock applies to any locked incident (it may have been reopened since).
 */
export function actionApplies(action: IncidentAction, incident: Pick<IncidentRuleTarget, 'status' | 'locked'>) {
  const closed = incident.status === INCIDENT_STATUS.CLOSED;
  switch (action) {
    case 'edit':
      return !closed;
    case 'close':
      return incident.status === INCIDENT_STATUS.OPEN;
    case 'reopen':
    case 'lock':
      return closed;
    case 'unlock':
      return incident.locked;
    case 'print':
    case 'history':
      return incident.status === INCIDENT_STATUS.OPEN || closed;
    case 'delete':
      return true;
  }
}

export function incidentActions(user: IncidentRuleUser, incident: IncidentRuleTarget): IncidentActions {
  const may = incidentPermissions(user, incident);
  const offered = (action: IncidentAction) => may[action] && actionApplies(action, incident);
  return {
    edit: offered('edit'),
    close: offered('close'),
    reopen: offered('reopen'),
    lock: offered('lock'),
    print: offered('print'),
    history: offered('history'),
    delete: offered('delete'),
    viewPrivate: hasPrivilege(user, 'PRIVACY_INFO_VIEW'),
  };
}

/** Person fields shown only with PRIVACY_INFO_VIEW (spec 1 §2 person panel). */
export const PRIVATE_PERSON_FIELDS = [
  'dateOfBirth',
  'lookupGenderTypeId',
  'unit',
  'address',
  'street',
  'cityId',
  'cityName',
  'stateName',
  'countryCode',
  'postalCode',
  'phone',
  'mobilePhone',
  'email',
] as const;
export type PrivatePersonField = (typeof PRIVATE_PERSON_FIELDS)[number];
