import type { Privilege } from '@blotter/shared/privileges';

/** Shared by the workgroup privileges dialog (features/users) and the API token dialog (features/api-tokens). */
export interface PrivilegeGroup {
  title: string;
  items: readonly { code: Privilege; label: string }[];
}

/** The privileges of spec 1 §6 (and of issues 31 and 32) as the Edit Workgroup Privileges dialog shows them: grouped, readable. */
export const PRIVILEGE_GROUPS: readonly PrivilegeGroup[] = [
  {
    title: 'Users and workgroups',
    items: [
      { code: 'USER_ADD', label: 'Add users' },
      { code: 'USER_EDIT', label: 'Edit, activate and deactivate users' },
      { code: 'USER_DELETE', label: 'Delete users' },
      { code: 'USERGROUP_ADD', label: 'Add workgroups' },
      { code: 'USERGROUP_EDIT', label: 'Edit workgroups and their privileges' },
      { code: 'USERGROUP_DELETE', label: 'Delete workgroups' },
    ],
  },
  {
    title: 'Lookups',
    items: [
      { code: 'LOOKUP_ADD', label: 'Add lookups' },
      { code: 'LOOKUP_EDIT', label: 'Edit lookups' },
      { code: 'LOOKUP_DELETE', label: 'Delete lookups' },
    ],
  },
  {
    title: 'Incidents: mine',
    items: [
      { code: 'MYINCIDENT_ADD', label: 'Create incidents' },
      { code: 'MYINCIDENT_EDIT', label: 'Edit my incidents' },
      { code: 'MYINCIDENT_PRINT', label: 'Print my incidents' },
      { code: 'MYINCIDENT_SEARCH', label: 'Search my incidents' },
      { code: 'MYINCIDENT_CLOSE', label: 'Close my incidents' },
    ],
  },
  {
    title: 'Incidents: all',
    items: [
      { code: 'ALLINCIDENT_EDIT', label: 'Edit all incidents' },
      { code: 'ALLINCIDENT_PRINT', label: 'Print all incidents' },
      { code: 'ALLINCIDENT_SEARCH', label: 'Search all incidents' },
      { code: 'ALLINCIDENT_CLOSE', label: 'Close all incidents' },
      { code: 'INVESTIGATE_INCIDENT', label: 'Be assigned as investigator' },
      { code: 'INCIDENT_LOCK', label: 'Lock and see locked incidents' },
      { code: 'OPEN_CLOSED_INCIDENT', label: 'Reopen closed incidents' },
      { code: 'DELETE_ATTACHMENT', label: 'Delete attachments' },
      { code: 'INCIDENT_DELETE', label: 'Delete incidents' },
      { code: 'INCIDENT_IMPORT', label: 'Import incidents from a spreadsheet' },
    ],
  },
  {
    title: 'Reports and analysis',
    items: [
      { code: 'REPORT_PRINT', label: 'Print reports' },
      { code: 'REPORT_CREATE', label: 'Create reports' },
      { code: 'INCIDENT_ANALYSIS', label: 'Analyze incidents' },
      { code: 'ANALYZE_VIEW', label: 'View saved analyses' },
    ],
  },
  {
    title: 'Subjects',
    items: [
      { code: 'SUBJECT_VIEW', label: 'See subjects and their bans' },
      { code: 'SUBJECT_EDIT', label: 'Record and revoke bans' },
    ],
  },
  {
    title: 'Privacy',
    items: [{ code: 'PRIVACY_INFO_VIEW', label: 'See private person information' }],
  },
  {
    title: 'Administration',
    items: [
      { code: 'ACCOUNT_ADMIN', label: 'Company settings' },
      { code: 'AUDIT_VIEW', label: 'View the audit log' },
      { code: 'INCIDENT_NOTIFICATION', label: 'Manage email notifications' },
      { code: 'SUBSCRIPTION_EDIT', label: 'Manage the subscription and billing' },
      { code: 'SYSTEM_ADMIN', label: 'System administration' },
    ],
  },
];
