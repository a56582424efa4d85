import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * Keywords that only validate: a serializer needs the shape (types, properties, items, unions),
 * not the limits. Left in, fast-json-stringify would check them with ajv on every call of a union.
 */
const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'description',
  'title',
  'examples',
]);

const isNullSchema = (node: unknown) =>
  typeof node === 'object' && node !== null && (node as JsonSchema).type === 'null' && Object.keys(node).length === 1;

/** The schema without validation-only keywords, and `X | null` as `X` with `nullable` (no union to try). */
function forSerializing(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializing);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(key)) continue;
    // zod's output objects refuse other keys; a serializer leaves them out anyway, and a union
    // branch must match a value that carries more than the branch writes (zod strips them too).
    if (key === 'additionalProperties' && value === false) continue;
    // Property names and $defs names are data, not keywords: keep them, convert what they hold.
    out[key] =
      key === 'properties' || key === '$defs' || key === 'definitions'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, item]) => [name, forSerializing(item)]))
        : forSerializing(value);
  }
  const anyOf = out.anyOf as unknown[] | undefined;
  if (anyOf?.length === 2 && anyOf.some(isNullSchema)) {
    const other = anyOf.find((branch) => !isNullSchema(branch)) as JsonSchema;
    const { anyOf: _union, ...rest } = out;
    if (typeof other.type === 'string' && other.type !== 'null') return { ...rest, ...other, nullable: true };
  }
  return out;
}

export type ResponseSerializer = (value: unknown) => string;

/**
 * Writes a route's answer as JSON from its zod response schema, compiled once
 * (fast-json-stringify): only the schema's fields are written, so nothing else a handler returns
 * leaves the server. It neither validates nor transforms; `checked` adds the zod check.
 */
export function compileResponseSerializer(schema: z.ZodType): ResponseSerializer {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return fastJson(forSerializing(json) as Parameters<typeof fastJson>[0]);
}

/**
 * The serializer with the zod check of every answer (local, dev and test environments, so every
 * test checks every answer it receives): an answer that does not fit its schema, or that the
 * compiled serializer writes differently from what zod parses it to, is a server fault (500).
 */
export function checkedSerializer(schema: z.ZodType, serialize: ResponseSerializer, route: string): ResponseSerializer {
  return (value) => {
    const shaped = schema.safeParse(value);
    if (!shaped.success) throw new Error(`Response of ${route} does not match its schema: ${shaped.error.message}`);
    const written = serialize(value);
    // The same text is the same value: the two parses and the deep comparison (most of the check's
    // time on a page of rows) only for an answer written differently, e.g. with its keys in
    // another order.
    const parsed = JSON.stringify(shaped.data) ?? 'null';
    if (written === parsed) return written;
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(parsed))) {
      throw new Error(`Response of ${route} is serialized unlike its schema parses it: ${written.slice(0, 300)}`);
    }
    return written;
  };
}
