import type { Privilege } from '@blotter/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import { type AuthMode, authenticate, type Principal } from './auth';
import { requirePrivilege } from './authorize';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<B, Q, P, A extends AuthMode> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  /** The signed-in user (resolved once per request from the session). */
  auth: A extends 'public' ? Principal | null : Principal;
  /** Runs fn in one transaction scoped to the user's company (row-level security applies). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface RouteSpec<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
  R extends Schema | null,
  A extends AuthMode,
> {
  method: Method;
  /** Path under /api, e.g. '/incidents/:id'. */
  url: string;
  summary: string;
  tag: string;
  /** 'user' (default): an active user with a live session; 'session': any signed-in user; 'public'. */
  auth?: A;
  /** Any one of these privileges is enough (admins hold them all). */
  privileges?: readonly Privilege[];
  body?: B;
  query?: Q;
  params?: P;
  /** The answer's schema: only its fields leave the server. null answers 204 unless `produces` is set. */
  response: R;
  /**
   * The handler sends a file of this media type itself through reply (with response null):
   * documented as a 200 with a binary body.
   */
  produces?: string;
  /** Documented as multipart/form-data; the handler reads the parts itself. */
  multipart?: boolean;
  rateLimit?: { max: number; timeWindow: string | number };
  /**
   * A GET whose handler writes (an audit row, a row made on first use). Other GETs run their
   * queries without a transaction on a read-only connection, where a write fails.
   */
  writes?: boolean;
  handler(ctx: HandlerContext<Out<B>, Out<Q>, Out<P>, A>): Promise<R extends Schema ? z.input<R> : undefined>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds routes of every shape
export type AnyRouteSpec = RouteSpec<any, any, any, any, any>;

export const API_PREFIX = '/api';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route defined with defineRoute, for the OpenAPI document. */
    routeSpecs: AnyRouteSpec[];
  }
}

/**
 * Registers a route the one way every handler is built: authenticate → validate → tenant →
 * authorize → handler (the service runs in one transaction) → shape the answer by its schema.
 */
export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema | null = null,
  A extends AuthMode = 'user',
>(app: FastifyInstance, spec: RouteSpec<B, Q, P, R, A>) {
  app.routeSpecs.push(spec as AnyRouteSpec);
  const mode: AuthMode = spec.auth ?? 'user';
  const guard = spec.privileges ? requirePrivilege(...spec.privileges) : undefined;
  app.route({
    method: spec.method,
    url: `${API_PREFIX}${spec.url}`,
    config: spec.rateLimit ? { rateLimit: spec.rateLimit } : {},
    handler: async (request, reply) => {
      const signedIn = await authenticate(app, request, mode, { readOnly: spec.method === 'GET' && !spec.writes });
      const auth = signedIn?.principal ?? null;
      let result: unknown;
      try {
        const body = spec.body ? spec.body.parse(request.body ?? {}) : undefined;
        const query = spec.query ? spec.query.parse(request.query ?? {}) : undefined;
        const params = spec.params ? spec.params.parse(request.params ?? {}) : undefined;
        if (guard) guard(auth);
        result = await spec.handler({
          request,
          reply,
          body,
          query,
          params,
          auth: auth as Principal,
          tenant: (fn) => {
            if (!signedIn) throw new Error('tenant() needs a signed-in user');
            return signedIn.scope.tenant(fn);
          },
        } as HandlerContext<Out<B>, Out<Q>, Out<P>, A>);
      } finally {
        signedIn?.scope.release();
      }
      if (reply.sent) return reply;
      if (spec.response === null) return reply.status(204).send();
      const shaped = spec.response.safeParse(result);
      // The server's own answer did not fit its schema: a server fault (500, logged), not bad input.
      if (!shaped.success)
        throw new Error(`Response of ${spec.method} ${spec.url} does not match its schema: ${shaped.error.message}`);
      return reply.send(shaped.data);
    },
  });
}
