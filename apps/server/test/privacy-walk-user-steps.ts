import { randomUUID } from 'node:crypto';
import type { Walker } from './privacy-walker';

/**
 * The user and workgroup administration steps of the private-field walk (issue 13): a workgroup
 * and a user are added, read, changed and deleted; the seed's staff user is deactivated and
 * activated again. Users are not incident persons: no private person field may appear here.
 */
export const USER_ADMIN_STEPS: [string, (w: Walker) => Promise<unknown>][] = [
  ['GET /userGroups', (w) => w.call('GET /userGroups', { url: '/userGroups' })],
  ['GET /users/search', (w) => w.call('GET /users/search', { url: '/users/search?psz=100' })],
  ['GET /users/remains', (w) => w.call('GET /users/remains', { url: '/users/remains' })],
  [
    'POST /userGroups',
    async (w) => {
      const group = await w.json<{ id: string }>('POST /userGroups', {
        url: '/userGroups',
        payload: { name: `Walk group ${randomUUID().slice(0, 8)}` },
      });
      w.state.walkGroup = group.id;
    },
  ],
  [
    'PUT /userGroups',
    (w) =>
      w.json('PUT /userGroups', {
        url: '/userGroups',
        payload: {
          id: w.state.walkGroup,
          name: `Walk group ${randomUUID().slice(0, 8)}`,
          userPrivileges: ['REPORT_PRINT'],
        },
      }),
  ],
  [
    'PUT /userGroups/:id/properties',
    (w) =>
      w.json('PUT /userGroups/:id/properties', {
        url: `/userGroups/${w.state.walkGroup}/properties`,
        payload: { name: `Walk group ${randomUUID().slice(0, 8)}` },
      }),
  ],
  [
    'POST /userGroups/:id/privileges/:privilege',
    (w) =>
      w.json('POST /userGroups/:id/privileges/:privilege', {
        url: `/userGroups/${w.state.walkGroup}/privileges/AUDIT_VIEW`,
      }),
  ],
  [
    'DELETE /userGroups/:id/privileges/:privilege',
    (w) =>
      w.json('DELETE /userGroups/:id/privileges/:privilege', {
        url: `/userGroups/${w.state.walkGroup}/privileges/AUDIT_VIEW`,
      }),
  ],
  [
    'POST /users',
    async (w) => {
      const user = await w.json<{ id: string }>('POST /users', {
        url: '/users',
        payload: {
          email: `walk-${randomUUID().slice(0, 8)}@test.example`,
          firstName: 'Walk',
          lastName: 'User',
          userGroupId: w.state.walkGroup,
        },
      });
      w.state.walkUser = user.id;
    },
  ],
  ['GET /users/:id', (w) => w.json('GET /users/:id', { url: `/users/${w.state.walkUser}` })],
  [
    'PUT /users/:id',
    (w) =>
      w.json('PUT /users/:id', {
        url: `/users/${w.state.walkUser}`,
        payload: { firstName: 'Walked', lastName: 'User', userGroupId: w.state.walkGroup },
      }),
  ],
  [
    'POST /users/emailVerification',
    (w) =>
      w.call('POST /users/emailVerification', {
        url: '/users/emailVerification',
        payload: { userId: w.state.walkUser },
      }),
  ],
  [
    'PUT /users/deactivate/:id',
    (w) => w.call('PUT /users/deactivate/:id', { url: `/users/deactivate/${w.seed.company.staff.id}` }),
  ],
  [
    'PUT /users/activate/:id',
    (w) => w.call('PUT /users/activate/:id', { url: `/users/activate/${w.seed.company.staff.id}` }),
  ],
  ['DELETE /users/:id', (w) => w.call('DELETE /users/:id', { url: `/users/${w.state.walkUser}` })],
  ['DELETE /userGroups/:id', (w) => w.call('DELETE /userGroups/:id', { url: `/userGroups/${w.state.walkGroup}` })],
];
