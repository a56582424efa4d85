import { hasAnyPrivilege, type Privilege } from '@blotter/shared';
import type { Principal } from './auth';
import { forbidden } from './errors';

/**
 * The server guard: passes when the user holds any of the privileges (admins hold all of them),
 * otherwise answers 403. Read from the database on every call, never from the token.
 */
export function requirePrivilege(...anyOf: Privilege[]) {
  return (auth: Principal | null) => {
    if (!hasAnyPrivilege(auth, anyOf)) throw forbidden();
  };
}
