import {
  idParams,
  workgroupInput,
  workgroupPrivilegeParams,
  workgroupProperties,
  workgroupSchema,
  workgroupUpdate,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../plugins/route';
import { WORKGROUPS_CARD } from '../users/user-admin.routes';
import {
  changePrivilege,
  createWorkgroup,
  deleteWorkgroup,
  listWorkgroups,
  updateWorkgroup,
  updateWorkgroupProperties,
} from './workgroups.service';

/** The workgroup (user group) calls of spec 3 §7 User groups. */
export async function workgroupRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/userGroups',
    tag: 'User groups',
    summary: "The company's workgroups by name (a bounded list), each with its privileges and number of users.",
    privileges: WORKGROUPS_CARD,
    response: z.array(workgroupSchema),
    handler: ({ tenant }) => tenant((tx) => listWorkgroups(tx)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/userGroups',
    tag: 'User groups',
    summary:
      'Adds a workgroup; an admin group stores no privileges, MYINCIDENT_DELETE and ALLINCIDENT_DELETE are never stored. Audited (USER_GROUP CREATE).',
    privileges: ['USERGROUP_ADD'],
    body: workgroupInput,
    response: workgroupSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => createWorkgroup(tx, auth, body)),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/userGroups',
    tag: 'User groups',
    summary:
      "Changes a workgroup's name, admin flag and privileges (the company keeps an active administrator). Audited (USER_GROUP UPDATE).",
    privileges: ['USERGROUP_EDIT'],
    body: workgroupUpdate,
    response: workgroupSchema,
    handler: ({ auth, body, tenant }) =>
      tenant((tx) =>
        updateWorkgroup(tx, auth, body.id, { name: body.name, isAdmin: body.isAdmin, privileges: body.userPrivileges }),
      ),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/userGroups/:id',
    tag: 'User groups',
    summary: "Deletes a workgroup without users ('Workgroup cannot be deleted if the workgroup has users.'). Audited.",
    privileges: ['USERGROUP_DELETE'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => deleteWorkgroup(tx, auth, params.id));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/userGroups/:id/properties',
    tag: 'User groups',
    summary: "Changes a workgroup's name or admin flag. Audited (USER_GROUP UPDATE).",
    privileges: ['USERGROUP_EDIT'],
    params: idParams,
    body: workgroupProperties,
    response: workgroupSchema,
    handler: ({ auth, body, params, tenant }) => tenant((tx) => updateWorkgroupProperties(tx, auth, params.id, body)),
  });

  for (const method of ['POST', 'DELETE'] as const) {
    defineRoute(app, {
      method,
      url: '/userGroups/:id/privileges/:privilege',
      tag: 'User groups',
      summary: `${method === 'POST' ? 'Grants' : 'Takes back'} one privilege of a (non-admin) workgroup. Audited (USER_GROUP UPDATE).`,
      privileges: ['USERGROUP_EDIT'],
      params: workgroupPrivilegeParams,
      response: workgroupSchema,
      handler: ({ auth, params, tenant }) =>
        tenant((tx) => changePrivilege(tx, auth, params.id, params.privilege, method === 'POST')),
    });
  }
}
