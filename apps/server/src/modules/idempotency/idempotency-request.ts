import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@blotter/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../plugins/errors';

/** A write sent with an Idempotency-Key: the key, the route it was sent to and its request's hash. */
export interface IdempotentRequest {
  key: string;
  /** 'POST /incidents': the route's method and pattern. */
  route: string;
  /** SHA-256 (hex) of the request: a retry must send the same. */
  requestHash: string;
}

/**
 * The request's Idempotency-Key, undefined without the header (then the route works as it always
 * did); 400 with a clear message for a key that is not 1 to 255 visible ASCII characters.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key header.');
  return parsed.data;
}

/** JSON with the keys of every object sorted, so the same content hashes alike whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of a JSON body as received (its content: the order of an object's keys does not count). */
export function jsonRequestHash(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}

/** SHA-256 of a multipart upload: its text fields, the file's name and the file's bytes. */
export function uploadRequestHash(fields: Record<string, string>, file: { fileName: string; data: Buffer }): string {
  return createHash('sha256')
    .update(canonicalJson({ fields, fileName: file.fileName, fileSize: file.data.length }))
    .update('\n')
    .update(file.data)
    .digest('hex');
}

/** The request's Idempotency-Key with its route and hash, or undefined when it was sent without one. */
export function idempotentJsonRequest(request: FastifyRequest, route: string): IdempotentRequest | undefined {
  const key = idempotencyKeyOf(request);
  return key === undefined ? undefined : { key, route, requestHash: jsonRequestHash(request.body) };
}
