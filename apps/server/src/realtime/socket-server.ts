import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
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
    allowRequest: (req, callback) => callback(null, sameOrigin(req)),
  });
  // The handshake answers a foreign Host like the HTTP API does (DNS rebinding, lib/hosts.ts).
  io.engine.use((req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => {
    if (servesHost(req.headers.host)) return next();
    res.writeHead(421, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: MISDIRECTED_MESSAGE, code: 'MISDIRECTED_REQUEST' }));
  });

  const clients = redisUrl ? await linkInstancesThroughRedis(io, redisUrl, log) : [];

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
    /** Readiness (with REDIS_URL only): both adapter connections are up and Redis answers. */
    redisCheck: redisUrl
      ? async () => {
          // A client that is reconnecting would queue the PING until Redis is back: say so at once instead.
          if (!clients.every((c) => c.isReady)) throw new Error('connessione a Redis non pronta');
          await clients[0]!.ping();
        }
      : null,
    async close() {
      await io.of('/').adapter.close();
      // A client still waiting for Redis would wait on its QUIT as long: dropped at once instead.
      await Promise.all(
        clients.map((c) => (c.isReady ? c.quit().catch(() => undefined) : c.destroy())),
      );
    },
  };
}

/**
 * The Redis adapter: a room emit on one instance reaches sockets on all of them. Returns its two
 * connections (publish, subscribe).
 */
async function linkInstancesThroughRedis(io: ChatIo, redisUrl: string, log: FastifyBaseLogger) {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // A dropped Redis connection reconnects by itself; the log says why messages stopped crossing instances.
    client.on('error', (err: unknown) => log.error({ err }, 'connessione a Redis non riuscita'));
    // Not awaited: an instance started while Redis is down serves all the same, with /api/ready 503
    // until it connects (docs/operations.md "Più server"); what the adapter sends meanwhile waits
    // in the client's queue. Connecting is retried until it succeeds or the client is closed.
    client.connect().catch(() => undefined);
  }
  // The adapter sends without awaiting: a publish in flight when the connection drops, or a
  // (un)subscribe still queued when a client that never connected is dropped at shutdown, rejected
  // with nobody to catch it, and the unhandled rejection stopped the process (every instance, on a
  // Redis blip). Caught here; a message lost so is one a client fetches when it reconnects (R12).
  catchRejections(pub, ['publish'], (err) =>
    log.warn({ err }, 'chat: messaggio non inoltrato alle altre istanze (Redis non raggiungibile)'),
  );
  catchRejections(sub, ['pSubscribe', 'subscribe', 'pUnsubscribe', 'unsubscribe'], () => undefined);
  io.adapter(createAdapter(pub, sub, { requestsTimeout: 2000 }));
  log.info('chat: adattatore Redis attivo');
  return [pub, sub];
}

/** Each named method of `client` answers as before, with a rejection caught (`onRejected`) instead of thrown. */
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
          return undefined;
        }),
    });
  }
}

export type SocketServer = Awaited<ReturnType<typeof createSocketServer>>;
