import { apiErrorSchema } from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refusesApiTokens } from '../modules/api-tokens/api-token-rules';
import { API_DOCS_GUIDES } from './api-docs-guides';
import { type AnyRouteSpec, API_PREFIX } from './route';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/Error' } },
  },
});

/** Whether an API token may make the call: not the calls of a person's own sign-in (api-token-rules.ts). */
const acceptsApiTokens = (route: AnyRouteSpec) =>
  route.auth !== 'mfa' && route.auth !== 'mfaStep' && !refusesApiTokens(route.method, route.url);

function operation(route: AnyRouteSpec) {
  const responses: Record<string, unknown> = {};
  if (route.produces) {
    responses['200'] = {
      description: 'The file',
      content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
    };
  } else if (route.response === null) responses['204'] = { description: 'Done' };
  else {
    responses['200'] = {
      description: 'OK',
      content: {
        'application/json': { schema: toSchema(route.response, 'output') },
      },
    };
  }
  responses['400'] = errorResponse('Bad input: the first validation message');
  if (route.auth !== 'public') {
    responses['401'] = errorResponse('No valid session (code UNAUTHORIZED or TOKEN_EXPIRED)');
    responses['403'] = errorResponse('Missing privilege');
  }
  if (route.url.includes(':')) responses['404'] = errorResponse('Not found (or another company’s)');
  let requestBody: unknown;
  if (route.multipart) {
    requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object' } } },
    };
  } else if (route.body) {
    requestBody = {
      required: true,
      content: {
        'application/json': { schema: toSchema(route.body, 'input') },
      },
    };
  }
  return {
    summary: route.summary,
    tags: [route.tag],
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...(route.auth !== 'public' && !acceptsApiTokens(route) ? { security: [{ bearerAuth: [] }] } : {}),
    ...(route.privileges ? { description: `Needs any of: ${route.privileges.join(', ')}.` } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route, generated from the zod schemas. */
export function buildOpenApiDocument(routes: readonly AnyRouteSpec[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `${API_PREFIX}${route.url}`.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Blotter API',
      version,
      description:
        'Every call needs a bearer token unless marked otherwise: the access token of a signed-in user, or an API token ' +
        '(blt_live_…) made in Administration → API access, which acts with its own privileges. Errors answer { code, message }.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }, { apiToken: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'blt_live_ API token',
          description:
            'An API token made by an administrator in Administration → API access: Authorization: Bearer blt_live_…. ' +
            'It acts as its creator with the privileges given to it (never more than the creator holds now), under the ' +
            "company's tenancy, privacy and rate limits; what it changes is audited under the token's name.",
        },
      },
      schemas: { Error: toSchema(apiErrorSchema, 'output') },
    },
    paths,
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A readable page of the API for people; plain HTML, no scripts. */
export function renderApiDocs(document: ReturnType<typeof buildOpenApiDocument>) {
  const rows = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        path,
        method,
        op: op as ReturnType<typeof operation>,
      })),
    )
    .sort((a, b) => (a.op.tags[0] ?? '').localeCompare(b.op.tags[0] ?? '') || a.path.localeCompare(b.path));
  let currentTag = '';
  const sections: string[] = [];
  for (const { path, method, op } of rows) {
    const tag = op.tags[0] ?? '';
    if (tag !== currentTag) {
      currentTag = tag;
      sections.push(`<h2>${escapeHtml(tag)}</h2>`);
    }
    const body = op.requestBody
      ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(op.requestBody, null, 2))}</pre></details>`
      : '';
    const params = op.parameters.length
      ? `<p class="params">Parameters: ${op.parameters.map((p) => `<code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`).join(', ')}</p>`
      : '';
    sections.push(`<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}${'description' in op && op.description ? ` <em>${escapeHtml(String(op.description))}</em>` : ''}${op.security ? ' <em>No sign-in needed.</em>' : ''}</p>${params}${body}
<details><summary>Responses</summary><pre>${escapeHtml(JSON.stringify(op.responses, null, 2))}</pre></details></section>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Blotter API</title><link rel="stylesheet" href="/api/docs.css"></head><body><main>
<h1>Blotter API <small>${escapeHtml(document.info.version)}</small></h1><p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${API_TOKEN_HELP}${API_DOCS_GUIDES}${sections.join('\n')}</main></body></html>`;
}

/** How an integration authenticates (issue 32 §2): shown at the top of the docs page. */
const API_TOKEN_HELP = `<section id="api-tokens"><h2>Calling the API from another system</h2>
<p>An administrator (ACCOUNT_ADMIN) creates an API token in <strong>Administration → API access</strong>: a name,
the privileges it may use (at most the administrator's own) and, if wanted, an expiry date. The token
(<code>blt_live_…</code>) is shown once: copy it into your system's secret store. Send it on every call:</p>
<pre>curl -H "Authorization: Bearer blt_live_…" \\
  "https://your-blotter-host/api/incidents/my?p=0&amp;psz=10"</pre>
<p>A token acts as the administrator who made it, with only its own privileges, within your company's data; private
person fields stay hidden unless it holds PRIVACY_INFO_VIEW, and the same rate limits apply, counted per token. What
it changes is recorded in the audit log under the token's name, and the API access card shows when it was last used.
A revoked or expired token, or one whose creator was deactivated or lost one of its privileges, is answered
<code>401</code> with a message; the calls of a person's own sign-in, profile, two-factor and tokens answer
<code>403</code>. Lists page with <code>p</code> (from 0) and <code>psz</code> and answer
<code>{ items, total, page, pageSize }</code>; errors answer <code>{ code, message }</code>.</p></section>`;

const DOCS_CSS = `body{font-family:Roboto,Arial,sans-serif;margin:0;background:#f6f8fb;color:#1c2430}
main{max-width:960px;margin:0 auto;padding:24px}h2{margin-top:32px;border-bottom:1px solid #d0d7e2}
section{background:#fff;border-radius:6px;padding:8px 16px;margin:10px 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h3{font-size:15px;margin:8px 0}.m{display:inline-block;min-width:60px;padding:2px 6px;border-radius:4px;color:#fff;font-size:12px;text-align:center}
.get{background:#1976d2}.post{background:#2e7d32}.put{background:#ef6c00}.delete{background:#c62828}
pre{background:#f1f3f6;padding:8px;overflow:auto;font-size:12px}code{font-size:14px}.params{font-size:14px}`;

export function registerOpenApi(app: FastifyInstance) {
  let cached: ReturnType<typeof buildOpenApiDocument> | undefined;
  const document = () => {
    cached ??= buildOpenApiDocument(app.routeSpecs, app.config.version);
    return cached;
  };
  app.get(`${API_PREFIX}/openapi.json`, (_request, reply) => reply.send(document()));
  app.get(`${API_PREFIX}/docs`, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiDocs(document())),
  );
  app.get(`${API_PREFIX}/docs.css`, (_request, reply) => reply.type('text/css; charset=utf-8').send(DOCS_CSS));
}
