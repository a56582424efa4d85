import type { Privilege } from '@blotter/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import type { Prefetch } from '../db/json';
import { type AuthMode, authenticate, type Principal } from './auth';
import { requirePrivilege } from './authorize';
import { checkedSerializer, compileResponseSerializer } from './response-serializer';
import { rateLimitKey } from './security';

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
  /** The value of the route's prefetch (RouteSpec.prefetch), read in the user's company. */
  prefetched<T>(): Promise<T>;
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
   * A body limit of the route's own (the app's is 2 MB), and the message of its 413: for the few
   * routes whose valid bodies are larger (a printed report's rows).
   */
  bodyLimit?: { bytes: number; message: string };
  /**
   * A GET whose handler writes (an audit row, a row made on first use). Other GETs run their
   * queries without a transaction on a read-only connection, where a write fails.
   */
  writes?: boolean;
  /**
   * A read-only GET's first read, named from its parameters alone (no user): on PostgreSQL it is
   * sent with the principal statement, so the read is one round trip; the handler gets its value
   * from prefetched() once the user passed every check. For hot reads.
   */
  prefetch?(input: { params: Out<P>; query: Out<Q> }): Prefetch;
  handler(ctx: HandlerContext<Out<B>, Out<Q>, Out<P>, A>): Promise<R extends Schema ? z.input<R> : undefined>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds routes of every shape
export type AnyRouteSpec = RouteSpec<any, any, any, any, any>;

export const API_PREFIX = '/api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 message of a route with a body limit of its own (RouteSpec.bodyLimit). */
    tooLargeMessage?: string;
  }
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
  const route = `${spec.method} ${spec.url}`;
  const compiled = spec.response ? compileResponseSerializer(spec.response) : undefined;
  const serialize =
    spec.response && compiled && app.config.checkResponses
      ? checkedSerializer(spec.response, compiled, route)
      : compiled;
  const readOnly = spec.method === 'GET' && !spec.writes;
  if (spec.prefetch && (!readOnly || mode === 'public')) {
    throw new Error(`${route}: only a signed-in read-only GET can prefetch`);
  }
  /** The prefetch of valid input; invalid input gets its 400 after authentication, as without one. */
  const prefetchOf = (request: FastifyRequest): Prefetch | undefined => {
    if (!spec.prefetch) return undefined;
    const params = spec.params ? spec.params.safeParse(request.params ?? {}) : undefined;
    const query = spec.query ? spec.query.safeParse(request.query ?? {}) : undefined;
    if (params?.success === false || query?.success === false) return undefined;
    return spec.prefetch({ params: params?.data as Out<P>, query: query?.data as Out<Q> });
  };
  app.route({
    method: spec.method,
    url: `${API_PREFIX}${spec.url}`,
    config: {
      ...(spec.rateLimit
        ? {
            // A token's calls count under the token only where the token is authenticated.
            rateLimit:
              mode === 'user' || mode === 'session'
                ? { ...spec.rateLimit, keyGenerator: rateLimitKey }
                : spec.rateLimit,
          }
        : {}),
      ...(spec.bodyLimit ? { tooLargeMessage: spec.bodyLimit.message } : {}),
    },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit.bytes } : {}),
    handler: async (request, reply) => {
      const signedIn = await authenticate(app, request, mode, { readOnly, prefetch: prefetchOf(request) });
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
          prefetched: () => {
            if (!signedIn) throw new Error('prefetched() needs a signed-in user');
            return signedIn.scope.prefetched();
          },
        } as HandlerContext<Out<B>, Out<Q>, Out<P>, A>);
      } finally {
        signedIn?.scope.release();
      }
      if (reply.sent) return reply;
      if (!serialize) return reply.status(204).send();
      // Only the schema's fields are written; an answer that does not fit it is a server fault
      // (500, logged), not bad input.
      return reply.type('application/json; charset=utf-8').send(serialize(result));
    },
  });
}
