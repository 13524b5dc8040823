import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers worth compressing: JSON, HTML, CSV exports, JavaScript, CSS, SVG, XML. Never images,
 * PDFs, zips, XLSX (a zip) or octet-stream downloads, which are compressed already or opaque.
 */
export const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|[+/](json|javascript|xml)(;|$)|^image\/svg\+xml(;|$)/;

/**
 * Compresses API answers over 1 KB on the fly (brotli at a fast level, gzip for older clients).
 * The built web app is compressed once at build time and sent as is (web-app.ts, `preCompressed`):
 * a response that already has a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPE,
  });
}
