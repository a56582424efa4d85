import type { Privilege } from '@blotter/shared/privileges';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The sub-sections /administration can be opened on through navigation state (spec 3 §2). */
export type AdminSectionKey =
  | 'settings'
  | 'users'
  | 'lookups'
  | 'notification'
  | 'import'
  | 'webhooks'
  | 'audit'
  | 'apiAccess'
  | 'subscription2'
  | 'billingInformation';

export interface AdminSection {
  key: AdminSectionKey;
  title: string;
  /** The card shows for a user holding any one of these. */
  anyOf: readonly Privilege[];
  /** Each card's code loads when the card is first expanded. */
  Card: LazyExoticComponent<ComponentType>;
  /** The card is hidden while the company is on its free trial. */
  hiddenDuringTrial?: boolean;
}

/**
 * The administration cards in display order (spec 3 §2, §6), each only for a user holding its
 * privilege; Billing information is hidden during a trial.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    key: 'settings',
    title: 'Settings',
    anyOf: ['ACCOUNT_ADMIN'],
    Card: lazy(() => import('../../features/settings/components/settings-card')),
  },
  {
    key: 'users',
    title: 'Workgroups',
    anyOf: ['USER_ADD', 'USER_EDIT', 'USER_DELETE', 'USERGROUP_ADD', 'USERGROUP_EDIT', 'USERGROUP_DELETE'],
    Card: lazy(() => import('../../features/users/components/workgroups-card')),
  },
  {
    key: 'lookups',
    title: 'Lookups',
    anyOf: ['LOOKUP_ADD', 'LOOKUP_EDIT', 'LOOKUP_DELETE'],
    Card: lazy(() => import('../../features/lookups/components/lookups-card')),
  },
  {
    key: 'notification',
    title: 'Email Notifications',
    anyOf: ['INCIDENT_NOTIFICATION'],
    Card: lazy(() => import('../../features/incident-notifications/components/incident-notifications-card')),
  },
  {
    key: 'import',
    title: 'Import',
    anyOf: ['INCIDENT_IMPORT'],
    Card: lazy(() => import('../../features/imports/components/import-card')),
  },
  {
    key: 'apiAccess',
    title: 'API access',
    anyOf: ['ACCOUNT_ADMIN'],
    Card: lazy(() => import('../../features/api-tokens/components/api-tokens-card')),
  },
  {
    key: 'webhooks',
    title: 'Webhooks',
    anyOf: ['ACCOUNT_ADMIN'],
    Card: lazy(() => import('../../features/webhooks/components/webhooks-card')),
  },
  // The audit card is composed in pages/ (it shows the incident viewer's compare and the search and
  // analysis pages' criteria words), so its lazy module is the page's section, not the feature's card.
  { key: 'audit', title: 'Audit', anyOf: ['AUDIT_VIEW'], Card: lazy(() => import('./audit-section')) },
  {
    key: 'subscription2',
    title: 'Subscription',
    anyOf: ['SUBSCRIPTION_EDIT'],
    Card: lazy(() => import('../../features/subscription/components/subscription-card')),
  },
  {
    key: 'billingInformation',
    title: 'Billing information',
    anyOf: ['SUBSCRIPTION_EDIT'],
    Card: lazy(() => import('../../features/subscription/components/billing-information-card')),
    hiddenDuringTrial: true,
  },
];
