import { idParams, type Privilege } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { defineRoute } from '../../plugins/route';
import type { SavedItemTarget } from './saved-items.queries';

// The same deferred types defineRoute gives a handler, so a generic handler matches them.
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The calls behind one kind of saved item's routes, typed by the routes' schemas. */
export interface SavedItemCalls<Q, PageS, ItemS, CreateS, UpdateS> {
  list(tx: Executor, principal: Principal, target: SavedItemTarget, page: Out<Q>): Promise<In<PageS>>;
  create(tx: Tx, principal: Principal, target: SavedItemTarget, input: Out<CreateS>): Promise<In<ItemS>>;
  update(tx: Tx, principal: Principal, target: SavedItemTarget, input: Out<UpdateS>): Promise<In<ItemS>>;
  remove(tx: Tx, principal: Principal, target: SavedItemTarget, id: string): Promise<void>;
}

export interface SavedItemCrud<Q, PageS, ItemS, CreateS, UpdateS> {
  target: SavedItemTarget;
  url: string;
  tag: string;
  /** What the items are called in the summaries, e.g. "the company's search reports". */
  what: string;
  /** The audit object type the service writes, for the summaries. */
  auditType: string;
  privileges: { read: readonly Privilege[]; write: readonly Privilege[]; remove: readonly Privilege[] };
  schemas: { pageQuery: Q; page: PageS; item: ItemS; create: CreateS; update: UpdateS };
  summaries: {
    /** The create summary up to its audit entry, e.g. `Saves ... as one of ${what} (...)`. */
    create: string;
    /** What an update replaces, e.g. "the fields". */
    replaces: string;
  };
  calls: SavedItemCalls<Q, PageS, ItemS, CreateS, UpdateS>;
}

/** The list, create, update and delete calls of one kind of saved item (spec 2 §7) under one url. */
export function savedItemCrud<
  Q extends z.ZodType,
  PageS extends z.ZodType,
  ItemS extends z.ZodType,
  CreateS extends z.ZodType,
  UpdateS extends z.ZodType,
>(app: FastifyInstance, crud: SavedItemCrud<Q, PageS, ItemS, CreateS, UpdateS>) {
  const { target, url, tag, what, auditType, privileges, schemas, calls } = crud;

  defineRoute(app, {
    method: 'GET',
    url,
    tag,
    summary: `A page (p from 0, psz rows, default 10) of ${what}, newest first, with the total.`,
    privileges: privileges.read,
    query: schemas.pageQuery,
    response: schemas.page,
    handler: ({ auth, query, tenant }) => tenant((tx) => calls.list(tx, auth, target, query)),
  });

  defineRoute(app, {
    method: 'POST',
    url,
    tag,
    summary: `${crud.summaries.create}; writes a ${auditType} CREATE audit entry.`,
    privileges: privileges.write,
    body: schemas.create,
    response: schemas.item,
    handler: ({ auth, body, tenant }) => tenant((tx) => calls.create(tx, auth, target, body)),
  });

  defineRoute(app, {
    method: 'PUT',
    url,
    tag,
    summary: `Replaces ${crud.summaries.replaces} of one of ${what} (404 for any other id); writes a ${auditType} UPDATE audit entry.`,
    privileges: privileges.write,
    body: schemas.update,
    response: schemas.item,
    handler: ({ auth, body, tenant }) => tenant((tx) => calls.update(tx, auth, target, body)),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${url}/:id`,
    tag,
    summary: `Deletes one of ${what} (404 for any other id); writes a ${auditType} DELETE audit entry.`,
    privileges: privileges.remove,
    params: idParams,
    response: null,
    handler: async ({ auth, params, tenant }) => {
      await tenant((tx) => calls.remove(tx, auth, target, params.id));
      return undefined;
    },
  });
}
