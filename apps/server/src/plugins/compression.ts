import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go uncompressed: the saving would not pay for the work and the headers. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for answers compressed per request. 4 compresses JSON about as small as gzip -9
 * at a fraction of its time; 11 (what the build uses for the static files) is far too slow per call.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

/**
 * Compresses answers with brotli or gzip as the client's Accept-Encoding asks (Vary: Accept-Encoding
 * when it does). Only text types are compressed (JSON, HTML, CSS, JavaScript, SVG, CSV…): images,
 * PDFs, office documents, audio and video already are. Partial content (206) is never compressed;
 * an answer that sets its own Content-Encoding (the prebuilt .br/.gz web files, index.html) is left
 * as it is. Must be registered before the routes: it hooks every route as it is added.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
    // Nothing sends compressed request bodies; refusing them keeps the body limit about real bytes.
    globalDecompression: false,
  });
}
