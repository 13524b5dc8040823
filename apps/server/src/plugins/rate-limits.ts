import fastifyRateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import { AppError } from '../lib/app-error.js';

/**
 * Per-user limits on the work that costs the server most (S24, docs/api.md "Sessions and anti-forgery"): exports and reports,
 * uploads, chat messages and the photo sync. One counter per user and kind, shared by every route of
 * the kind, so ten exports of ten different lists count as ten. A route takes one as its
 * `preHandler`: `{ preHandler: app.limits.export }`. Counters live in this instance's memory: behind
 * several instances each allows the figure (docs/operations.md).
 */
export interface Limits {
  /**
   * Exports, reports and documents, per user: the bearer's, or the one a valid signed link names (put
   * `signedLink` before it); only a request with neither counts by its address.
   */
  export: preHandlerAsyncHookHandler;
  /**
   * A preHandler that checks a signed link's signature and session first (`check` answers the link's
   * user, or throws): a valid link then counts against that user, a bogus one against its address, so
   * nobody on an address can lock a colleague's valid link out. A request without `sig` passes on.
   */
  signedLink(check: (request: FastifyRequest) => Promise<string>): preHandlerAsyncHookHandler;
  upload: preHandlerAsyncHookHandler;
  chatMessage: preHandlerAsyncHookHandler;
  photoSync: preHandlerAsyncHookHandler;
  /** Charges `count` labels to the user's budget a minute, or throws 429 (a label sheet, besides its export). */
  labels(request: FastifyRequest, count: number): void;
}

const MINUTE = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The user a valid signed link was made for (limits.signedLink). */
    linkUserId: string | null;
  }
}

/** The signed-in user, the signed link's, or the address for a request with neither. */
const userKey = (request: FastifyRequest) =>
  request.auth?.user.id ?? request.linkUserId ?? `ip:${request.ip}`;

/** A budget per key and fixed window of a minute: `charge` answers the seconds to wait when spent. */
function fixedWindows(max: number) {
  const windows = new Map<string, { resetAt: number; used: number }>();
  return (key: string, count = 1): string | null => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      window = { resetAt: now + MINUTE, used: 0 };
      windows.set(key, window);
    }
    if (window.used + count > max)
      return String(Math.max(1, Math.ceil((window.resetAt - now) / 1000)));
    window.used += count;
    return null;
  };
}

async function rateLimits(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  app.decorateRequest('linkUserId', null);
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: userKey,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Troppe richieste di questo tipo: riprova tra ${Math.max(1, Math.ceil(context.ttl / 1000))} secondi`,
        {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        },
      ),
  });
  const perMinute = (max: number) =>
    app.rateLimit({ max, timeWindow: MINUTE }) as preHandlerAsyncHookHandler;
  const limits: Limits = {
    export: exportLimit(perMinute(config.RATE_LIMIT_EXPORTS), config.RATE_LIMIT_EXPORTS_AT_ONCE),
    upload: perMinute(config.RATE_LIMIT_UPLOADS),
    chatMessage: perMinute(config.RATE_LIMIT_CHAT_MESSAGES),
    photoSync: perMinute(config.RATE_LIMIT_PHOTO_SYNC),
    labels: labelsLimit(config.RATE_LIMIT_LABELS),
    signedLink: signedLinkLimit(config.RATE_LIMIT_BAD_LINKS),
  };
  app.decorate('limits', limits);
}

/** A spreadsheet of a long list holds a database connection while it streams: a few at once per user. */
function exportLimit(
  exportsPerMinute: preHandlerAsyncHookHandler,
  atOnce: number,
): preHandlerAsyncHookHandler {
  const exportsRunning = new Map<string, number>();
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await exportsPerMinute.call(this, request, reply);
    const key = userKey(request);
    const running = exportsRunning.get(key) ?? 0;
    if (running >= atOnce) {
      throw new AppError(
        'RATE_LIMITED',
        `Hai già ${running} esportazioni in corso: attendi che finiscano`,
        { headers: { 'retry-after': '5' } },
      );
    }
    exportsRunning.set(key, running + 1);
    // 'close' comes once, when the answer is sent or the client goes away
    reply.raw.once('close', () => {
      const left = (exportsRunning.get(key) ?? 1) - 1;
      if (left > 0) exportsRunning.set(key, left);
      else exportsRunning.delete(key);
    });
  } as preHandlerAsyncHookHandler;
}

/**
 * Labels cost by the label (a QR code and a drawing each, seconds for a full sheet): a budget a
 * minute per user, in a fixed window; @fastify/rate-limit counts requests, one each.
 */
function labelsLimit(max: number): Limits['labels'] {
  const labelBudget = fixedWindows(max);
  return (request, count) => {
    const seconds = labelBudget(userKey(request), count);
    if (seconds)
      throw new AppError(
        'RATE_LIMITED',
        `Troppe etichette in un minuto (al massimo ${max}): riprova tra ${seconds} secondi`,
        { headers: { 'retry-after': seconds } },
      );
  };
}

/** A signed link's check, with a budget of bad signatures a minute per address. */
function signedLinkLimit(max: number): Limits['signedLink'] {
  const badLinks = fixedWindows(max);
  return (check) => async (request) => {
    const query = request.query as { sig?: string } | undefined;
    if (!query?.sig) return;
    try {
      request.linkUserId = await check(request);
    } catch (error) {
      const seconds = badLinks(`ip:${request.ip}`);
      if (seconds)
        throw new AppError(
          'RATE_LIMITED',
          `Troppe richieste di questo tipo: riprova tra ${seconds} secondi`,
          { headers: { 'retry-after': seconds } },
        );
      throw error;
    }
  };
}

export const rateLimitsPlugin = fp(rateLimits, { name: 'rate-limits' });

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}
