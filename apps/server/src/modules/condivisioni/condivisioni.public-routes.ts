import {
  pubblicoCondivisioneSchema,
  pubblicoRispostaCreateSchema,
  pubblicoRispostaSchema,
} from '@gestcava/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ZodApp } from '../../lib/module.js';
import type { Storage } from '../../lib/storage.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { CondivisioniPublic } from './condivisioni.public.js';

const tags = ['pubblico'];
/** Unknown tokens from one address in a minute beyond which it gets 429 (docs/condivisioni.md). */
export const GUESSES_PER_MINUTE = 60;
const MINUTE = 60_000;
const LOGO_TTL_SECONDS = 3600;
const tokenParams = z.object({ token: z.string().max(100) });

/**
 * Guessing tokens, counted per address in a fixed window in this instance's memory: only unknown
 * tokens count, so a buyer's own page (one view, many photos) never meets the limit.
 */
function guessLimiter(max: number) {
  const windows = new Map<string, { resetAt: number; misses: number }>();
  const current = (ip: string) => {
    const now = Date.now();
    let w = windows.get(ip);
    if (!w || w.resetAt <= now) {
      for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
      w = { resetAt: now + MINUTE, misses: 0 };
      windows.set(ip, w);
    }
    return w;
  };
  return {
    check(ip: string) {
      const w = current(ip);
      if (w.misses >= max) {
        const seconds = String(Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)));
        throw new AppError('RATE_LIMITED', 'Troppe richieste / Too many requests', {
          headers: { 'retry-after': seconds },
        });
      }
    },
    miss(ip: string) {
      current(ip).misses += 1;
    },
  };
}

type Limiter = ReturnType<typeof guessLimiter>;
interface PublicDeps {
  pubblico: CondivisioniPublic;
  storage: Storage;
  photos: Pick<PhotosService, 'imageWithSegni'>;
}

/** Unknown tokens are counted per address; every answer stays out of caches, referrers and search engines. */
function guardPublicRoutes(app: ZodApp, limiter: Limiter) {
  app.addHook('onRequest', async (request) => limiter.check(request.ip));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    return payload;
  });
}

/** The buyer's page and its photos (the preview, with the marks drawn if asked). */
function registerPublicViewRoutes(
  app: ZodApp,
  { pubblico, storage, photos }: PublicDeps,
  limiter: Limiter,
) {
  app.get(
    '/api/pubblico/:token',
    {
      config: { access: 'public' },
      schema: { tags, params: tokenParams, response: { 200: pubblicoCondivisioneSchema } },
    },
    async (request) =>
      pubblico.view(
        request.params.token,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        () => limiter.miss(request.ip),
        (key) => storage.signedUrl(key, { ttlSeconds: LOGO_TTL_SECONDS }),
      ),
  );

  app.get(
    '/api/pubblico/:token/foto/:photoId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: tokenParams.extend({ photoId: z.string().max(100) }),
        querystring: z.object({ segni: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const { token, photoId } = request.params;
      const photo = await pubblico.photoOf(token, photoId, () => limiter.miss(request.ip));
      // the preview (or the JPEG drawn from it) is re-encoded from the pixels: no EXIF, no location
      if (request.query.segni === '1')
        return reply
          .header('content-type', 'image/jpeg')
          .header('x-content-type-options', 'nosniff')
          .send(await photos.imageWithSegni(photo.companyId, photo.id, 'preview'));
      const stream = await storage.open(photo.previewKey);
      if (!stream) throw notFound('Foto non trovata / Photo not found');
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}

/** The buyer's answer to the link. */
function registerPublicAnswerRoute(app: ZodApp, pubblico: CondivisioniPublic, limiter: Limiter) {
  app.post(
    '/api/pubblico/:token/risposte',
    {
      config: { access: 'public', csrf: 'anonymous' },
      schema: {
        tags,
        params: tokenParams,
        body: pubblicoRispostaCreateSchema,
        response: { 201: pubblicoRispostaSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await pubblico.answer(request.params.token, request.body, () => limiter.miss(request.ip)),
        ),
  );
}

/**
 * `/api/pubblico/:token`: the buyer's side, without login; the token is the only key. Every answer,
 * errors included, is kept out of caches, referrers and search engines.
 */
export const condivisioniPublicRoutes: FastifyPluginAsyncZod<
  PublicDeps & { guessesPerMinute?: number }
> = async (app, { guessesPerMinute = GUESSES_PER_MINUTE, ...deps }) => {
  const limiter = guessLimiter(guessesPerMinute);
  guardPublicRoutes(app, limiter);
  registerPublicViewRoutes(app, deps, limiter);
  registerPublicAnswerRoute(app, deps.pubblico, limiter);
};
