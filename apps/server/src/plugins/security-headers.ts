import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type helmetMiddleware from 'helmet';

/** The security headers and CSP of every answer (docs/quality.md, docs/quality.md S22). */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // the app's service worker (/sw.js), and the manifest of the installed app
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
} satisfies FastifyHelmetOptions;

/** The same headers, letting the page show images from `origin` too (S3_PRESIGNED: a file link redirects to the bucket). */
export function withImageOrigin(origin: string): FastifyHelmetOptions {
  const { directives } = SECURITY_HEADERS.contentSecurityPolicy;
  return {
    ...SECURITY_HEADERS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, imgSrc: [...directives.imgSrc, origin] },
    },
  };
}

// The helmet that @fastify/helmet itself runs, for the answers no hook sees.
const requireHere = createRequire(import.meta.url);
const helmet = createRequire(requireHere.resolve('@fastify/helmet'))(
  'helmet',
) as typeof helmetMiddleware;
const applySecurityHeaders = helmet(SECURITY_HEADERS);

/**
 * A URL the router cannot read (broken percent-encoding, a path parameter over `maxParamLength`) is
 * answered before any hook runs. Without this Fastify sends its own body, echoing the path, with no
 * security headers; here it gets the headers and the API's error shape.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  applySecurityHeaders(request.raw, reply.raw, () => undefined);
  request.log.info({ code: error.code }, 'indirizzo non valido');
  return reply.code(400).send({ message: 'Indirizzo non valido', code: 'VALIDATION' });
}
