import type { Privilege } from '@blotter/shared/privileges';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The sub-sections /administration can be opened on through navigation state (spec 3 §2). */
export type AdminSectionKey =
  | 'settings'
  | 'users'
  | 'lookups'
  | 'notification'
  | 'audit'
  | 'subscription2'
  | 'billingInformation';

export interface AdminSection {
  key: AdminSectionKey;
  title: string;
  /** The card shows for a user holding any one of these. */
  anyOf: readonly Privilege[];
  /** Each card's code loads when the card is first expanded. */
  Card: LazyExoticComponent<ComponentType>;
}

/**
 * The administration cards in display order (spec 3 §2, §6), each only for a user holding its
 * privilege. Subscription and Billing information come with the subscription issue.
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    key: 'users',
    title: 'Workgroups',
    anyOf: ['USER_ADD', 'USER_EDIT', 'USER_DELETE', 'USERGROUP_ADD', 'USERGROUP_EDIT', 'USERGROUP_DELETE'],
    Card: lazy(() => import('../../features/users/components/workgroups-card')),
  },
];
