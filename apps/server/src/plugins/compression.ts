import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers worth compressing: JSON, HTML, CSV exports, JavaScript, CSS, SVG, XML. Never images,
 * PDFs, zips, XLSX (a zip) or octet-stream downloads, which are compressed already or opaque.
 */
export const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|[+/](json|javascript|xml)(;|$)|^image\/svg\+xml(;|$)/;

/**
 * Compresses API answers over 1 KB on the fly (brotli, gzip for older clients); smaller ones fit in a
 * packet as they are. The levels are the fast ones: a 45 KB list page takes 81 µs of CPU at brotli 1,
 * 143 µs at 2 and 231 µs at the library's 4, for 4.4 KB against 4.3 KB and 4.0 KB, and gzip's
 * default 6 took ~3.6 ms against ~1.5 ms at 3 (docs/performance.md "Fifty connections over two
 * instances"). The built web app is compressed once at build time and sent as is (web-app.ts,
 * `preCompressed`): a response that already has a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPE,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
    zlibOptions: { level: 3 },
    // The library sends answers over 8 KB (on 2 cores) through a compression stream on the thread
    // pool; at these levels a 45 KB list page compresses in under a millisecond, less than the
    // stream's own cost, and the answer keeps its Content-Length.
    syncThreshold: 65_536,
  });
}
