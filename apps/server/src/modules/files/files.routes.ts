import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../plugins/content-disposition';
import { AppError } from '../../plugins/errors';
import { API_PREFIX } from '../../plugins/route';

/** Content types by the storage key's extension, which the server chose from the file's bytes. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
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
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const signedQuery = z.object({
  a: z.string().regex(/^[0-9a-f-]{36}$/i, 'Invalid file link.'),
  e: z.coerce.number({ error: 'Invalid file link.' }),
  s: z.string().min(1, 'Invalid file link.'),
  download: z.string().optional(),
  name: z.string().max(255).optional(),
});

/** One byte range of a Range header ('bytes=0-', 'bytes=100-199', 'bytes=-500'); others are ignored. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** The bytes start..end of a stream; the source is closed once they are through. */
async function* slice(source: Readable, start: number, end: number) {
  let position = 0;
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    const from = Math.max(start - position, 0);
    const to = Math.min(end + 1 - position, bytes.length);
    if (to > from) yield bytes.subarray(from, to);
    position += bytes.length;
    if (position > end) break;
  }
}

/**
 * Serves stored files through short-lived signed URLs. The URLs are only handed to signed-in
 * users of the file's company, and the signature binds the key, the company and the expiry.
 * Byte ranges are served because browsers (Safari above all) need them to play and seek video.
 */
export async function fileRoutes(app: FastifyInstance) {
  // Stored files go out as they are: they are images, media, PDFs and office files (compressed
  // already), and their Content-Length and byte ranges must stay those of the stored bytes.
  app.get(`${API_PREFIX}/files/*`, { compress: false }, async (request, reply) => {
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
    // The app frames files in its viewer (same origin); nothing in a file may run as the app.
    // Chrome refuses to show a PDF in a sandboxed document, and a PDF runs no script of ours.
    const csp = `default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'${
      ext === 'pdf' ? '' : '; sandbox'
    }`;
    reply
      .header('content-type', type)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', csp)
      .header(
        'content-disposition',
        contentDisposition(filename, { type: inline ? 'inline' : 'attachment', names: 'utf8' }),
      );
    const range = parseRange(request.headers.range, file.size);
    if (range === 'invalid') {
      file.stream.destroy();
      return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    }
    if (!range) return reply.header('content-length', file.size).send(file.stream);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(Readable.from(slice(file.stream, range.start, range.end)));
  });
}
