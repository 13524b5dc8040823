import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import {
  SOCKET_PATH,
  type ChatClientToServerEvents,
  type ChatServerToClientEvents,
} from '@gestcava/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { MISDIRECTED_MESSAGE, type HostCheck } from '../lib/hosts.js';

export interface SocketData {
  userId: string;
  sessionId: string;
}

export type ChatIo = Server<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export type ChatSocket = Socket<
  ChatClientToServerEvents,
  ChatServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The client only sends small events: socket.io's 1 MB default is lowered (docs/quality.md S23). */
const MAX_CLIENT_PACKET_BYTES = 16 * 1024;
/** How long a starting instance waits for Redis before it listens without the other instances. */
const LINK_WAIT_MS = 5_000;

/**
 * docs/quality.md S23: the page and the socket share one origin, so a browser's `Origin` must name this
 * host; a foreign page is refused at the handshake (and no CORS header is ever sent). Clients that
 * are not browsers send no Origin and still need a valid token.
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * socket.io on the same HTTP server as Fastify, at `/socket.io` (docs/api.md "Sessions and anti-forgery"). With REDIS_URL the
 * Redis adapter links the instances: a room emit on one reaches sockets on all of them.
 */
export async function createSocketServer(
  httpServer: HttpServer,
  {
    redisUrl,
    log,
    servesHost,
  }: {
    redisUrl?: string;
    log: FastifyBaseLogger;
    servesHost: HostCheck;
  },
) {
  const io: ChatIo = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_PACKET_BYTES,
    // with REDIS_URL, no chat connection is taken before the instances are linked (see below)
    allowRequest: (req, callback) => callback(null, linked() && sameOrigin(req)),
  });
  // The handshake answers a foreign Host like the HTTP API does (DNS rebinding, lib/hosts.ts).
  io.engine.use((req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => {
    if (servesHost(req.headers.host)) return next();
    res.writeHead(421, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: MISDIRECTED_MESSAGE, code: 'MISDIRECTED_REQUEST' }));
  });

  const link = redisUrl ? linkInstancesThroughRedis(io, redisUrl, log) : null;
  const linked = () => !link || link.isLinked();
  const clients = link?.clients ?? [];
  if (link) {
    // Redis answering, the instances are linked before this one listens, as chat clients expect;
    // Redis down, the instance starts without waiting longer (docs/operations.md "Più server").
    await Promise.race([link.linked, delay(LINK_WAIT_MS, undefined, { ref: false })]);
  }

  return {
    io,
    /**
     * Before the HTTP server closes (open sockets would keep it waiting): the connections are closed
     * at the transport, which clients read as a dropped line and reconnect, to this instance once it
     * is back or to another one. (`disconnectSockets` would tell them the server sent them away, and
     * socket.io clients do not come back from that.)
     */
    disconnectAll() {
      io.engine.close();
    },
    /** Readiness (with REDIS_URL only): the instances are linked, both connections are up and Redis answers. */
    redisCheck: redisUrl
      ? async () => {
          if (!linked()) throw new Error('istanze non ancora collegate tramite Redis');
          // A client that is reconnecting would queue the PING until Redis is back: say so at once instead.
          if (!clients.every((c) => c.isReady)) throw new Error('connessione a Redis non pronta');
          await clients[0]!.ping();
        }
      : null,
    async close() {
      link?.stop();
      // Unsubscribing needs the connection: without it there is nothing to undo, and the commands
      // would wait in the client's queue.
      if (linked() && clients.every((c) => c.isReady)) await io.of('/').adapter.close();
      await Promise.all(
        clients.map((c) => {
          // a connection still being opened cannot be destroyed: it must not keep the process alive
          c.unref();
          // A client without its connection would wait on its QUIT until Redis is back: dropped at once.
          if (c.isReady) return c.quit().catch(() => undefined);
          if (c.isOpen) c.destroy();
          return undefined;
        }),
      );
    },
  };
}

/**
 * The Redis adapter: a room emit on one instance reaches sockets on all of them. Returns its two
 * connections (publish, subscribe) at once, without waiting for Redis: an instance started while
 * Redis is down serves the API all the same, with /api/ready 503 naming Redis (docs/operations.md
 * "Più server"). The adapter is attached once both connections are up (`linked`), so its
 * subscriptions are sent on a live connection, and only then are chat connections let in: one taken
 * before would sit in the in-process adapter that the Redis one replaces, its rooms lost. node-redis
 * retries a refused connection until it succeeds or the client is closed.
 */
function linkInstancesThroughRedis(io: ChatIo, redisUrl: string, log: FastifyBaseLogger) {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // A dropped Redis connection reconnects by itself; the log says why messages stopped crossing instances.
    client.on('error', (err: unknown) => log.error({ err }, 'connessione a Redis non riuscita'));
  }
  // The adapter sends without awaiting: a publish in flight when the connection drops, or a
  // (un)subscribe, rejected with nobody to catch it, and the unhandled rejection stopped the process
  // (every instance, on a Redis blip). Caught here; a message lost so is one a client fetches when it
  // reconnects (R12).
  catchRejections(pub, ['publish'], (err) =>
    log.warn({ err }, 'chat: messaggio non inoltrato alle altre istanze (Redis non raggiungibile)'),
  );
  catchRejections(sub, ['pSubscribe', 'subscribe', 'pUnsubscribe', 'unsubscribe'], (err) =>
    log.warn({ err }, 'chat: sottoscrizione Redis non riuscita'),
  );
  let stopped = false;
  let attached = false;
  const linked = new Promise<void>((resolve) => {
    // On whichever connection comes up last, however often either dropped on the way.
    const link = () => {
      if (attached || stopped || !pub.isReady || !sub.isReady) return;
      attached = true;
      io.adapter(createAdapter(pub, sub, { requestsTimeout: 2000 }));
      log.info('chat: adattatore Redis attivo');
      resolve();
    };
    pub.on('ready', link);
    sub.on('ready', link);
  });
  // Retried until Redis answers or the client is closed; failures are logged by 'error' above.
  for (const client of [pub, sub]) client.connect().catch(() => undefined);
  return {
    clients: [pub, sub],
    linked,
    isLinked: () => attached,
    /** At shutdown: a connection that comes up later links nothing. */
    stop: () => void (stopped = true),
  };
}

/** Each named method of `client` answers as before, with a rejection handed to `onRejected` instead of thrown. */
function catchRejections<C extends object>(
  client: C,
  methods: ReadonlyArray<keyof C & string>,
  onRejected: (err: unknown) => void,
) {
  for (const name of methods) {
    const method = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.defineProperty(client, name, {
      value: (...args: unknown[]) =>
        method(...args).catch((err: unknown) => {
          onRejected(err);
          return 0;
        }),
    });
  }
}

export type SocketServer = Awaited<ReturnType<typeof createSocketServer>>;
