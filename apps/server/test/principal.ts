import type { Privilege } from '@blotter/shared';
import type { Principal } from '../src/plugins/auth';
import type { TestUser } from './test-app';

/** A Principal for calling services directly inside a tenant transaction. */
export function principalOf(user: TestUser, companyName: string, privileges: readonly Privilege[] = []): Principal {
  return {
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    name: 'Test User',
    admin: false,
    systemAdmin: false,
    privileges: [...privileges],
    status: 1,
    sessionId: 'test-session',
    sessionActive: true,
    account: {
      active: true,
      trial: false,
      measurementType: 0,
      dateFormat: 0,
      concurrentUserCount: 5,
      companyName,
    },
  };
}
