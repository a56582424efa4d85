/**
 * Privilege codes, the admin rule, the menu table and the route rules (spec 1 §6, spec 3 §6).
 * The server checks these from the database on every call; the client only hides what the server
 * would refuse anyway.
 */

export const PRIVILEGES = [
  'USER_ADD',
  'USER_EDIT',
  'USER_DELETE',
  'USERGROUP_ADD',
  'USERGROUP_EDIT',
  'USERGROUP_DELETE',
  'LOOKUP_ADD',
  'LOOKUP_EDIT',
  'LOOKUP_DELETE',
  'MYINCIDENT_ADD',
  'MYINCIDENT_EDIT',
  'MYINCIDENT_PRINT',
  'MYINCIDENT_SEARCH',
  'MYINCIDENT_CLOSE',
  'ALLINCIDENT_EDIT',
  'ALLINCIDENT_PRINT',
  'ALLINCIDENT_SEARCH',
  'ALLINCIDENT_CLOSE',
  'INVESTIGATE_INCIDENT',
  'INCIDENT_ANALYSIS',
  'REPORT_PRINT',
  'REPORT_CREATE',
  'PRIVACY_INFO_VIEW',
  'INCIDENT_LOCK',
  'AUDIT_VIEW',
  'OPEN_CLOSED_INCIDENT',
  'SUBSCRIPTION_EDIT',
  'DELETE_ATTACHMENT',
  'INCIDENT_DELETE',
  'ANALYZE_VIEW',
  'ACCOUNT_ADMIN',
  'INCIDENT_NOTIFICATION',
  // Issue 31: the register of subjects (persons, legal entities, vehicles) and their bans.
  'SUBJECT_VIEW',
  'SUBJECT_EDIT',
  // Issue 32: bulk import of a company's incident history (Administration → Import).
  'INCIDENT_IMPORT',
  'SYSTEM_ADMIN',
] as const;

export type Privilege = (typeof PRIVILEGES)[number];

/** Never saved on a workgroup (spec 1 §6, spec 3 §4): stripped on save. */
export const UNSAVABLE_PRIVILEGES: readonly string[] = ['MYINCIDENT_DELETE', 'ALLINCIDENT_DELETE'];

export function isPrivilege(code: string): code is Privilege {
  return (PRIVILEGES as readonly string[]).includes(code);
}

/** What the privilege rules need to know about the signed-in user. */
export interface PrivilegeHolder {
  admin: boolean;
  privileges: readonly string[];
}

/** Admin users hold every privilege; others hold the codes of their workgroup. */
export function hasPrivilege(user: PrivilegeHolder | null | undefined, code: Privilege): boolean {
  if (!user) return false;
  return user.admin || user.privileges.includes(code);
}

/** True when the user holds at least one of the codes; an empty list means open to everyone. */
export function hasAnyPrivilege(user: PrivilegeHolder | null | undefined, codes: readonly Privilege[]): boolean {
  if (!user) return false;
  if (codes.length === 0) return true;
  return codes.some((code) => hasPrivilege(user, code));
}

/** The privileges a user effectively holds: every code for admins, the workgroup's otherwise. */
export function effectivePrivileges(admin: boolean, granted: readonly string[]): Privilege[] {
  if (admin) return [...PRIVILEGES];
  return PRIVILEGES.filter((code) => granted.includes(code));
}

export const ADMINISTRATION_PRIVILEGES: readonly Privilege[] = [
  'ACCOUNT_ADMIN',
  'USER_ADD',
  'USER_EDIT',
  'USER_DELETE',
  'USERGROUP_ADD',
  'USERGROUP_EDIT',
  'USERGROUP_DELETE',
  'LOOKUP_ADD',
  'LOOKUP_EDIT',
  'LOOKUP_DELETE',
  'SUBSCRIPTION_EDIT',
  'INCIDENT_NOTIFICATION',
  'AUDIT_VIEW',
  'INCIDENT_IMPORT',
];

export interface MenuItem {
  label: string;
  path: string;
  /** Any one of these is enough; empty means open to every signed-in user. */
  anyOf: readonly Privilege[];
  /** Not shown (and the route not registered) on mobile devices. */
  desktopOnly: boolean;
}

/** The top menu, in display order (spec 1 §2 and §6). */
export const MENU: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/dashboard', anyOf: [], desktopOnly: false },
  { label: 'New Incident', path: '/newincident', anyOf: ['MYINCIDENT_ADD'], desktopOnly: false },
  { label: 'Reports', path: '/reports', anyOf: ['REPORT_PRINT', 'REPORT_CREATE'], desktopOnly: false },
  {
    label: 'Search',
    path: '/search',
    anyOf: ['ALLINCIDENT_SEARCH', 'MYINCIDENT_SEARCH'],
    desktopOnly: false,
  },
  // Issue 31: the register of persons, companies and vehicles, their incidents and bans.
  { label: 'Subjects', path: '/subjects', anyOf: ['SUBJECT_VIEW'], desktopOnly: false },
  { label: 'Analyze', path: '/analyze', anyOf: ['INCIDENT_ANALYSIS'], desktopOnly: true },
  {
    label: 'Administration',
    path: '/administration',
    anyOf: ADMINISTRATION_PRIVILEGES,
    desktopOnly: true,
  },
];

/** Menu entries the user may see on this kind of device. */
export function visibleMenu(user: PrivilegeHolder | null | undefined, mobile: boolean): MenuItem[] {
  return MENU.filter((item) => !(mobile && item.desktopOnly) && hasAnyPrivilege(user, item.anyOf));
}

export interface RouteRule {
  path: string;
  anyOf: readonly Privilege[];
  desktopOnly: boolean;
}

/** Protected routes and what they need; /profile is open to every signed-in desktop user. */
export const ROUTE_RULES: readonly RouteRule[] = [
  // The entry form also edits open incidents and their working copies (spec 1 §6 Save and Edit);
  // only a new incident needs MYINCIDENT_ADD, which the page itself checks.
  { path: '/newincident', anyOf: ['MYINCIDENT_ADD', 'MYINCIDENT_EDIT', 'ALLINCIDENT_EDIT'], desktopOnly: false },
  ...MENU.map(({ path, anyOf, desktopOnly }) => ({ path, anyOf, desktopOnly })),
  { path: '/profile', anyOf: [], desktopOnly: true },
  // Issue 30: the phone's outbox of incidents recorded offline.
  { path: '/outbox', anyOf: ['MYINCIDENT_ADD'], desktopOnly: false },
];

export function routeRule(path: string): RouteRule | undefined {
  return ROUTE_RULES.find((rule) => path === rule.path || path.startsWith(`${rule.path}/`));
}

/** True when the user may open the path (routes without a rule need only a sign-in). */
export function canAccessRoute(user: PrivilegeHolder | null | undefined, path: string): boolean {
  const rule = routeRule(path);
  return hasAnyPrivilege(user, rule ? rule.anyOf : []);
}

export const STAFF_PRIVILEGES: readonly Privilege[] = [
  'MYINCIDENT_ADD',
  'MYINCIDENT_EDIT',
  'MYINCIDENT_SEARCH',
  'MYINCIDENT_PRINT',
  'MYINCIDENT_CLOSE',
];
