import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
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

const fileLinkQuery = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().max(100),
  dl: z.string().max(255).optional(),
  // a link bound to a session (a photo, a chat attachment): docs/security.md, "Links bound to their session"
  sid: idSchema.optional(),
  uid: idSchema.optional(),
  pages: z.string().max(200).optional(),
});
type FileLinkQuery = z.output<typeof fileLinkQuery>;

/** A link bound to a session is checked against that session; any other by its signature alone. */
async function verifyLink(
  storage: Storage,
  links: SessionLinks,
  key: string,
  query: FileLinkQuery,
) {
  const { exp, sig, dl = '' } = query;
  if (query.sid) return links.verifyFile(key, query);
  const verdict = storage.verifySignature(key, exp, sig, dl);
  if (verdict !== 'ok')
    throw new AppError(
      'FORBIDDEN',
      verdict === 'expired'
        ? 'Collegamento scaduto: ricarica la pagina'
        : 'Collegamento non valido',
    );
}

/** The checked file's bytes from the bucket, through a link that lives at most 60 s. */
async function redirectToBucket(
  reply: FastifyReply,
  storage: Storage,
  key: string,
  file: { mime: string; downloadName: string | undefined },
) {
  if (!(await storage.head(key))) throw notFound('File non trovato');
  const url = await storage.backend.presignedGetUrl!(key, {
    ttlSeconds: 60,
    contentType: file.mime,
    downloadName: file.downloadName,
  });
  return reply.header('cache-control', 'no-store').redirect(url, 302);
}

/** The bytes themselves, sandboxed, cached privately no longer than the link lives. */
function sendFile(
  reply: FastifyReply,
  stream: Readable,
  file: { mime: string; exp: number; inline: boolean; name: string },
) {
  return reply
    .header('content-type', file.mime)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "sandbox; default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    )
    .header(
      'cache-control',
      `private, max-age=${Math.max(0, file.exp - Math.floor(Date.now() / 1000))}`,
    )
    .header(
      'content-disposition',
      contentDisposition(file.inline ? 'inline' : 'attachment', file.name),
    )
    .send(stream);
}

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
      schema: { tags: ['files'], querystring: fileLinkQuery },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { exp, dl = '' } = request.query;
      await verifyLink(storage, links, key, request.query);
      const mime = MIME_BY_EXT.get(path.extname(key).slice(1)) ?? 'application/octet-stream';
      const inline = INLINE.has(mime) && !dl;
      if (presigned && storage.backend.presignedGetUrl) {
        const downloadName = inline ? undefined : dl || path.basename(key);
        return redirectToBucket(reply, storage, key, { mime, downloadName });
      }
      const stream = await storage.open(key);
      if (!stream) throw notFound('File non trovato');
      return sendFile(reply, stream, { mime, exp, inline, name: dl || path.basename(key) });
    },
  );
};
