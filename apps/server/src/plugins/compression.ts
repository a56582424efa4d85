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
 * Answers up to this size are compressed in one synchronous call rather than through a stream
 * pipeline. The plugin's default scales down with the cores (8 KB on two), which sent a search's
 * first page (9-10 KB of JSON) down the stream path: a Readable, a pipeline, an AbortController and
 * the zlib thread pool for a few kilobytes, about 1.5 ms of the server's CPU per call on this
 * machine (issue 29 §2). Brotli at DYNAMIC_BROTLI_QUALITY compresses 64 KB of JSON in well under a
 * millisecond, less than the stream machinery costs; larger answers still stream.
 */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

/**
 * Compresses answers with brotli or gzip as the client's Accept-Encoding asks (Vary: Accept-Encoding
 * when it does). Only text types are compressed (JSON, HTML, CSS, JavaScript, SVG, CSV…): images,
 * PDFs, office documents, audio and video already are. Partial content (206) is never compressed;
 * an answer that sets its own Content-Encoding (the prebuilt .br/.gz web files, index.html, the
 * search's CSV export at its faster levels) is left as it is. Must be registered before the routes:
 * it hooks every route as it is added.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
    // Nothing sends compressed request bodies; refusing them keeps the body limit about real bytes.
    globalDecompression: false,
  });
}
