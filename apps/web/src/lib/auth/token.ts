import type { User } from 'oidc-client-ts';

let currentUser: User | null = null;

/** The tokens of the signed-in user, kept in memory (oidc-client-ts keeps them in sessionStorage). */
export function setCurrentUser(user: User | null) {
  currentUser = user;
}

export function getCurrentUser(): User | null {
  return currentUser;
}

export function currentAccessToken(): string | undefined {
  return currentUser?.access_token;
}
