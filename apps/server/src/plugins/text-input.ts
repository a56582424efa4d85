import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Text the database cannot store: NUL (PostgreSQL refuses U+0000 in text and jsonb) and UTF-16
 * surrogates that are not part of a pair (they have no UTF-8 encoding).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MAX_DEPTH = 32;

export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored (NUL or an unpaired surrogate).';

/** The path ('data.summary', 'persons[0].firstName') of the first unstorable string in value, or undefined. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || 'value' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  // Deeper than any form: refused rather than left unchecked.
  if (depth > MAX_DEPTH) throw badRequest('The request is nested too deeply.');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return name;
    const found = findUnstorableText(item, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** 400 naming the field when value holds text the database cannot store. */
export function assertStorableText(value: unknown, path = '') {
  const found = findUnstorableText(value, path);
  if (found) throw badRequest(`The field ${found} ${UNSTORABLE_TEXT_MESSAGE}`);
}

/**
 * Every request's query string, path parameters and parsed body (JSON or form) are checked once
 * here, before any route sees them, so no handler has to; multipart fields are checked by the
 * upload reader (src/modules/attachments/upload.ts), which parses them itself.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertStorableText(request.query);
      assertStorableText(request.params);
      assertStorableText(request.body);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
