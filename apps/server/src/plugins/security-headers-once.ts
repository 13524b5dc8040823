import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type helmetMiddleware from 'helmet';

// helmet itself, the version @fastify/helmet depends on
const requireHere = createRequire(import.meta.url);
const helmet = createRequire(requireHere.resolve('@fastify/helmet'))(
  'helmet',
) as typeof helmetMiddleware;

/**
 * The security headers (security-headers.ts) on every answer, as @fastify/helmet sets them, with
 * helmet's middleware built once: the plugin builds it again for every request, validating and
 * joining the CSP's directives each time, about 3 % of a list page's CPU (docs/performance.md
 * "CPU per request"). No route here has helmet options or nonces of its own, which is all the
 * plugin adds.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const { global: _global, enableCSPNonces: _nonces, ...helmetOptions } = options;
  const apply = helmet(helmetOptions as Parameters<typeof helmet>[0]);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, () => done());
  });
}
