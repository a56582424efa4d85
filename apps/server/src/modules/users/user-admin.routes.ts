import {
  adminUserSchema,
  EMAIL_VERIFICATION_IS_SENT,
  emailVerificationBody,
  idParams,
  type Privilege,
  userCreateSchema,
  userRemainsResponse,
  userSearchQuery,
  userSearchResponse,
  userUpdateSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import { authorizeUserChange } from './user-admin.policy';
import { findAdminUser, searchUsers, userRemains } from './user-admin.queries';
import {
  activateUser,
  createUser,
  deactivateUser,
  deleteUser,
  hashPassword,
  type Revocation,
  resendEmailVerification,
  revokeAtProvider,
  updateUser,
} from './user-admin.service';

/** Whoever sees the Workgroups card (spec 3 §6) may read its users. */
export const WORKGROUPS_CARD: readonly Privilege[] = [
  'USER_ADD',
  'USER_EDIT',
  'USER_DELETE',
  'USERGROUP_ADD',
  'USERGROUP_EDIT',
  'USERGROUP_DELETE',
];

/** The user administration calls of spec 3 §7 Users. */
export async function userAdminRoutes(app: FastifyInstance) {
  const production = app.config.environment === 'prod';
  const revoke = (revocation: Revocation) => revokeAtProvider(app.database, revocation);

  defineRoute(app, {
    method: 'GET',
    url: '/users/search',
    tag: 'Users',
    summary:
      "A page (p from 0, psz rows, default 10) of the company's users by name, filtered by fk/fv (userGroupId, status or name), with meta hasMore, page and total.",
    privileges: WORKGROUPS_CARD,
    query: userSearchQuery,
    response: userSearchResponse,
    handler: ({ query, tenant }) => tenant((tx) => searchUsers(tx, query)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/users/remains',
    tag: 'Users',
    summary: 'How many more active users the subscription allows (concurrent users minus active users, at least 0).',
    privileges: ['USER_ADD', 'USER_EDIT'],
    response: userRemainsResponse,
    handler: async ({ auth, tenant }) => ({ remains: await tenant((tx) => userRemains(tx, auth.accountId)) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/users/:id',
    tag: 'Users',
    summary: 'One user of the company.',
    privileges: WORKGROUPS_CARD,
    params: idParams,
    response: adminUserSchema,
    handler: ({ params, tenant }) => tenant((tx) => findAdminUser(tx, params.id)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/users',
    tag: 'Users',
    summary:
      'Adds a pending user and emails them a verification link (which activates them, and lets them choose a password when none was given). Audited (USER CREATE).',
    privileges: ['USER_ADD'],
    body: userCreateSchema(production),
    response: adminUserSchema,
    handler: async ({ auth, body, tenant }) => {
      // Hashed before the transaction: argon2 is slow on purpose and the transaction holds a connection.
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      return tenant((tx) => createUser(tx, auth, body, passwordHash, app.config.publicUrl));
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/users/:id',
    tag: 'Users',
    summary: 'Changes a user (not the email or password). Audited (USER UPDATE).',
    privileges: ['USER_EDIT'],
    params: idParams,
    body: userUpdateSchema,
    response: adminUserSchema,
    handler: ({ auth, body, params, tenant }) => tenant((tx) => updateUser(tx, auth, params.id, body)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/users/:id',
    tag: 'Users',
    summary:
      'Deletes a user: their incidents keep their name, their sessions end and their email is free again. Audited (USER DELETE).',
    privileges: ['USER_DELETE'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await revoke(await tenant((tx) => deleteUser(tx, auth, params.id)));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/users/deactivate/:id',
    tag: 'Users',
    summary: 'Deactivates an active user; their sessions end at once. Audited (USER DEACTIVATE).',
    privileges: ['USER_EDIT'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await revoke(await tenant((tx) => deactivateUser(tx, auth, params.id)));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/users/activate/:id',
    tag: 'Users',
    summary: 'Activates an inactive user. Audited (USER ACTIVATE).',
    privileges: ['USER_EDIT'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => activateUser(tx, auth, params.id));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/users/emailVerification',
    tag: 'Users',
    summary: `Sends a pending user a new verification link (the web says '${EMAIL_VERIFICATION_IS_SENT}').`,
    privileges: ['USER_ADD', 'USER_EDIT'],
    body: emailVerificationBody,
    response: null,
    handler: async ({ auth, body, tenant }) => {
      await tenant(async (tx) => {
        await authorizeUserChange(tx, auth, body.userId);
        await resendEmailVerification(tx, auth, body.userId, app.config.publicUrl);
      });
      return undefined;
    },
  });
}
