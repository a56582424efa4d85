import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * The hard cap on any uploaded file, whatever a company's own limit says (those are checked by
 * the upload handlers): beyond it the upload stops and is answered 413.
 */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * multipart/form-data for the upload calls. The handlers read the parts themselves (one file and
 * a few short fields), so nothing is buffered or written to disk before a handler asks for it.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 12,
      headerPairs: 100,
    },
  });
}
