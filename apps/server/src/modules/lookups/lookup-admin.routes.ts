import {
  idParams,
  LOOKUP_MANAGE_PRIVILEGES,
  lookupLabelsBody,
  lookupLabelsSchema,
  lookupMultipleCreateBody,
  lookupMultipleTypeQuery,
  lookupMultipleUpdateBody,
  lookupNodeSchema,
  lookupSingleCreateBody,
  lookupSingleTypeQuery,
  lookupSingleUpdateBody,
  singleLookupSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../plugins/content-disposition';
import { defineRoute } from '../../plugins/route';
import {
  createMultiple,
  createSingle,
  deleteLookup,
  getMultiple,
  getSingle,
  listSingles,
  multipleTypeOf,
  treeOf,
  updateLookup,
} from './lookup-admin.service';
import { lookupCsv } from './lookup-export';
import { allLabels, saveLabels } from './lookup-labels.service';

const singleAnswer = singleLookupSchema;

/**
 * The Lookups card's calls (spec 3 §7 Lookups). Reads need a lookup privilege too: everyone
 * else reads the company's lookups from initData; these answer the live items for editing.
 */
export async function lookupAdminRoutes(app: FastifyInstance) {
  const read = LOOKUP_MANAGE_PRIVILEGES;

  defineRoute(app, {
    method: 'GET',
    url: '/lookupSingles',
    tag: 'Lookups',
    summary: 'The items of one single-level type (every one: a type holds at most 2000), in display order.',
    privileges: read,
    query: lookupSingleTypeQuery,
    response: z.array(singleAnswer),
    handler: ({ query, tenant }) => tenant((tx) => listSingles(tx, query.type)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/lookupSingles/:id',
    tag: 'Lookups',
    summary: 'One item of a single-level type.',
    privileges: read,
    params: idParams,
    response: singleAnswer,
    handler: ({ params, tenant }) => tenant((tx) => getSingle(tx, params.id)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/lookupSingles',
    tag: 'Lookups',
    summary: "Add an item under the id the client made; an id the company uses is 409, another company's is 404.",
    privileges: ['LOOKUP_ADD'],
    body: lookupSingleCreateBody,
    response: singleAnswer,
    handler: ({ auth, body, tenant }) => tenant((tx) => createSingle(tx, auth, body)),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/lookupSingles',
    tag: 'Lookups',
    summary: 'Rename an item, or disable or enable it.',
    privileges: ['LOOKUP_EDIT'],
    body: lookupSingleUpdateBody,
    response: singleAnswer,
    handler: async ({ auth, body, tenant }) => {
      const row = await tenant((tx) => updateLookup(tx, auth, body));
      return { id: row.id, type: row.type, name: row.name, active: row.active, code: row.code };
    },
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/lookupSingles/:id',
    tag: 'Lookups',
    summary: 'Delete an item (incidents that used it keep its name).',
    privileges: ['LOOKUP_DELETE'],
    params: idParams,
    query: lookupSingleTypeQuery,
    response: null,
    handler: async ({ auth, params, query, tenant }) => {
      await tenant((tx) => deleteLookup(tx, auth, params.id, query.type));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/lookupMultiples',
    tag: 'Lookups',
    summary: 'The tree of one multiple-level type (every item: a type holds at most 2000).',
    privileges: read,
    query: lookupMultipleTypeQuery,
    response: z.array(lookupNodeSchema),
    handler: ({ query, tenant }) => tenant((tx) => treeOf(tx, query.type)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/lookupMultiples/export',
    tag: 'Lookups',
    summary: 'The tree of one type as CSV: a line per item, a column per level headed by its label, Active.',
    privileges: read,
    query: lookupMultipleTypeQuery,
    response: null,
    produces: 'text/csv',
    handler: async ({ query, reply, tenant }) => {
      const { fileName, csv } = await tenant((tx) => lookupCsv(tx, query.type));
      await reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName, { type: 'attachment' }))
        .header('cache-control', 'no-store')
        .send(csv);
      return undefined;
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/lookupMultiples/:id',
    tag: 'Lookups',
    summary: 'One item of a tree with the items below it.',
    privileges: read,
    params: idParams,
    response: lookupNodeSchema,
    handler: ({ params, tenant }) => tenant((tx) => getMultiple(tx, params.id)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/lookupMultiples',
    tag: 'Lookups',
    summary:
      'Add a root or a child (one level below its parent, within the type’s levels); an id the company uses is 409, another company’s is 404.',
    privileges: ['LOOKUP_ADD'],
    body: lookupMultipleCreateBody,
    response: lookupNodeSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => createMultiple(tx, auth, body)),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/lookupMultiples',
    tag: 'Lookups',
    summary: 'Rename an item of a tree, or disable or enable it (its children keep their own state).',
    privileges: ['LOOKUP_EDIT'],
    body: lookupMultipleUpdateBody,
    response: lookupNodeSchema,
    handler: ({ auth, body, tenant }) =>
      tenant(async (tx) => {
        await updateLookup(tx, auth, body);
        return getMultiple(tx, body.id);
      }),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/lookupMultiples/:id',
    tag: 'Lookups',
    summary: 'Delete an item of a tree and every item below it (incidents that used them keep the names).',
    privileges: ['LOOKUP_DELETE'],
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant(async (tx) => deleteLookup(tx, auth, params.id, await multipleTypeOf(tx, params.id)));
      return undefined;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/lookupMultipleLabels',
    tag: 'Lookups',
    summary: 'The level names of every multiple-level type, one per level ("" where none is set).',
    privileges: read,
    response: lookupLabelsSchema,
    handler: ({ tenant }) => tenant((tx) => allLabels(tx)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/lookupMultipleLabels',
    tag: 'Lookups',
    summary: 'Set the level names of one multiple-level type (the Labelsetting dialog).',
    privileges: ['LOOKUP_EDIT'],
    body: lookupLabelsBody,
    response: lookupLabelsSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => saveLabels(tx, auth, body)),
  });
}
