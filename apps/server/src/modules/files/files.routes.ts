import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../plugins/errors';
import { API_PREFIX } from '../../plugins/route';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const signedQuery = z.object({
  a: z.string().regex(/^[0-9a-f-]{36}$/i, 'Invalid file link.'),
  e: z.coerce.number({ error: 'Invalid file link.' }),
  s: z.string().min(1, 'Invalid file link.'),
  download: z.string().optional(),
  name: z.string().max(255).optional(),
});

/**
 * Serves stored files through short-lived signed URLs. The URLs are only handed to signed-in
 * users of the file's company, and the signature binds the key, the company and the expiry.
 */
export async function fileRoutes(app: FastifyInstance) {
  app.get(`${API_PREFIX}/files/*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = signedQuery.parse(request.query);
    if (!app.fileSigner.verify(key, query.a, query.e, query.s)) {
      throw new AppError('FORBIDDEN', 'This file link has expired or is not valid. Reload the page to get a new one.');
    }
    const file = await app.storage.read(key);
    if (!file) throw new AppError('NOT_FOUND', 'File not found.');
    const ext = path.extname(key).slice(1).toLowerCase();
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    const inline = !query.download && type !== 'application/octet-stream';
    const filename = (query.name ?? path.basename(key)).replace(/["\\\r\n]/g, '_');
    return reply
      .header('content-type', type)
      .header('content-length', file.size)
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
      .send(file.stream);
  });
}
