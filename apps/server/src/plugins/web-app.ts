import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The API's own prefixes: an unknown path under them is a JSON 404, never the web app. */
export const API_PREFIXES = [
  '/api',
  '/user',
  '/companies',
  '/photos',
  '/photo-gallery',
  '/socket.io',
];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Client routes whose first render the build wrote into their own HTML file (apps/web/build/prerender.ts,
 * docs/performance.md "The login paints first"): the browser paints them before the script runs.
 */
const PRERENDERED: Record<string, string> = {
  '/auth/login': 'auth/login.html',
  '/landing': 'landing.html',
};

// setHeaders sees the file actually sent: the .br or .gz copy when the browser takes one.
const HASHED_ASSET =
  /\/assets\/.+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|ttf|svg|png|jpg|webp)(\.br|\.gz)?$/;

/**
 * Serves the built web app from one origin with the API (docs/api.md "Shape of the API"): hashed assets cached for a year,
 * everything else revalidated (the service worker /sw.js and its workbox-*.js included, so a browser
 * finds a new deployment on its next start: docs/offline.md), and client routes answered with index.html. Text files are sent in the
 * brotli or gzip copy the build made when the browser accepts it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // only the files this build has: an older build without them still serves index.html
  const prerendered = new Map(
    Object.entries(PRERENDERED).filter(([, file]) => fs.existsSync(path.join(distDir, file))),
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: 'index.html',
      wildcard: true,
      // The build writes .br and .gz beside every text file (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // index.html for a buyer's link keeps the no-store set below
        if (res.getHeader('cache-control') === 'no-store') return;
        res.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing build file (an old chunk after a deploy) is a 404, never index.html served as script.
    const isAsset = (request.url.split('?')[0] ?? '').startsWith('/assets/');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !isAsset &&
      hasWeb
    ) {
      // a buyer's link carries its token in the path: never sent on, kept or indexed (docs/condivisioni.md)
      if (request.url.startsWith('/v/'))
        reply
          .header('referrer-policy', 'no-referrer')
          .header('x-robots-tag', 'noindex')
          .header('cache-control', 'no-store');
      else reply.header('cache-control', 'no-cache');
      const page = prerendered.get(request.url.split('?')[0] ?? '') ?? 'index.html';
      return reply.type('text/html; charset=utf-8').sendFile(page);
    }
    return reply.code(404).send({ message: 'Risorsa non trovata', code: 'NOT_FOUND' });
  });
}
