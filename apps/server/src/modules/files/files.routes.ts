import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idSchema } from '@gestcava/contracts';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import { contentDisposition } from '../../lib/downloads.js';
import type { SessionLinks } from '../../lib/session-links.js';
import { FILES_ROUTE, type Storage } from '../../lib/storage.js';
import { FILE_KINDS } from '../../lib/uploads.js';

const MIME_BY_EXT = new Map<string, string>(Object.values(FILE_KINDS).map((k) => [k.ext, k.mime]));
const INLINE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Every stored file is served here, and only with a valid, unexpired signature (docs/architecture.md "Module pattern"). */
/** With `presigned` (S3_PRESIGNED=1 on an S3 backend) the bytes come from the bucket through a redirect instead. */
export const filesRoutes: FastifyPluginAsyncZod<{
  storage: Storage;
  links: SessionLinks;
  presigned: boolean;
}> = async (app, { storage, links, presigned }) => {
  app.get(
    `${FILES_ROUTE}/*`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        querystring: z.object({
          exp: z.coerce.number().int(),
          sig: z.string().max(100),
          dl: z.string().max(255).optional(),
          // a link bound to a session (a photo, a chat attachment): docs/security.md, "Links bound to their session"
          sid: idSchema.optional(),
          uid: idSchema.optional(),
          pages: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { exp, sig, dl = '' } = request.query;
      if (request.query.sid) await links.verifyFile(key, request.query);
      else {
        const verdict = storage.verifySignature(key, exp, sig, dl);
        if (verdict !== 'ok')
          throw new AppError(
            'FORBIDDEN',
            verdict === 'expired'
              ? 'Collegamento scaduto: ricarica la pagina'
              : 'Collegamento non valido',
          );
      }
      const mime = MIME_BY_EXT.get(path.extname(key).slice(1)) ?? 'application/octet-stream';
      const inline = INLINE.has(mime) && !dl;
      if (presigned && storage.backend.presignedGetUrl) {
        // Checked above, so the bucket may serve the bytes: through a link that lives at most 60 s.
        if (!(await storage.head(key))) throw notFound('File non trovato');
        const url = await storage.backend.presignedGetUrl(key, {
          ttlSeconds: 60,
          contentType: mime,
          downloadName: inline ? undefined : dl || path.basename(key),
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      }
      const stream = await storage.open(key);
      if (!stream) throw notFound('File non trovato');
      return reply
        .header('content-type', mime)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        )
        .header(
          'cache-control',
          `private, max-age=${Math.max(0, exp - Math.floor(Date.now() / 1000))}`,
        )
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', dl || path.basename(key)),
        )
        .send(stream);
    },
  );
};
