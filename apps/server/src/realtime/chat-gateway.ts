import { can, socketAuthenticateSchema, socketMarkAsReadSchema } from '@gestcava/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Keys } from '../lib/secrets.js';
import type { AuthContext, SessionStore } from '../lib/auth/sessions.js';
import { verifyAccessToken } from '../lib/auth/tokens.js';
import type { ChatService } from '../modules/chat/chat.service.js';
import { sessionRoom, userRoom } from './chat-events.js';
import type { ChatIo, ChatSocket } from './socket-server.js';

/** Connected sockets re-check their session this often (idle timeout, expiry, lost permission). */
const RECHECK_MS = 60_000;
/**
 * A tab sends a handful of events a minute (authenticate on connect, mark_as_read on reading): past
 * this many in the window the events are dropped with an error, and far past it the socket goes
 * (docs/quality.md S24: anti-automation; each mark_as_read costs a database write).
 */
export const SOCKET_EVENT_LIMIT = { windowMs: 10_000, max: 50, disconnectAt: 200 } as const;
const TOO_MANY = 'Troppe richieste: riprova più tardi';

const REFUSED = {
  token: 'Sessione scaduta o non valida: accedi di nuovo',
  permission: 'Non hai il permesso per la chat',
} as const;

class HandshakeError extends Error {
  readonly data: { code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'RATE_LIMITED' };
  constructor(code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'RATE_LIMITED', message: string) {
    super(message);
    this.data = { code };
  }
}

/** The same rule as `/api/chat/*`: a live session whose user has the chat page (or is an admin). */
function allowed(auth: AuthContext | null): 'ok' | 'token' | 'permission' {
  if (!auth) return 'token';
  if (auth.user.mustChangePassword || !can(auth.user, 'chat')) return 'permission';
  return 'ok';
}

/**
 * The realtime half of the chat (docs/api.md "Sessions and anti-forgery"): JWT, session row and chat permission are checked at
 * the handshake (refused otherwise); the socket joins `user:<id>` and `session:<id>`; the client's
 * `authenticate` is answered only for the token's own user; a revoked session's sockets go at once.
 */
interface GatewayDeps {
  keys: Keys;
  sessions: SessionStore;
  chat: ChatService;
  log: FastifyBaseLogger;
  /** Open sockets one user may hold on this instance (tabs and devices); more are refused at the handshake. */
  socketsPerUser: number;
}

/**
 * The realtime half of the chat (docs/api.md "Sessions and anti-forgery"): JWT, session row and chat permission are checked at
 * the handshake (refused otherwise); the socket joins `user:<id>` and `session:<id>`; the client's
 * `authenticate` is answered only for the token's own user; a revoked session's sockets go at once.
 */
export function registerChatGateway(io: ChatIo, deps: GatewayDeps) {
  io.use(checkHandshake(io, deps));
  io.on('connection', (socket) => onConnection(socket, deps));

  // Revocation on this instance (logout, password change, an admin's change): the session's sockets
  // on every instance are disconnected through the adapter.
  deps.sessions.onRevoke((sessionIds) => {
    for (const id of sessionIds) io.in(sessionRoom(id)).disconnectSockets(true);
  });

  const recheck = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) {
      stillAllowed(deps.sessions, socket.data.userId, socket.data.sessionId)
        .then((ok) => {
          if (!ok) socket.disconnect(true);
        })
        .catch(() => undefined);
    }
  }, RECHECK_MS);
  recheck.unref();
  return { stop: () => clearInterval(recheck) };
}

/** The handshake middleware: a valid token of a live session allowed the chat, within the per-user socket limit. */
function checkHandshake(io: ChatIo, { keys, sessions, log, socketsPerUser }: GatewayDeps) {
  async function resolve(token: unknown): Promise<AuthContext | null> {
    if (typeof token !== 'string' || token.length > 4096) return null;
    const claims = await verifyAccessToken(keys.jwt, token);
    return claims ? sessions.resolve(claims.sessionId, claims.userId) : null;
  }

  return (socket: ChatSocket, next: (err?: Error) => void) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    resolve(auth?.token)
      .then((context) => {
        const verdict = allowed(context);
        if (verdict !== 'ok' || !context) {
          next(
            new HandshakeError(
              verdict === 'token' ? 'UNAUTHORIZED' : 'FORBIDDEN',
              REFUSED[verdict === 'ok' ? 'token' : verdict],
            ),
          );
          return;
        }
        let open = 0;
        for (const other of io.of('/').sockets.values())
          if (other.data.userId === context.user.id) open++;
        if (open >= socketsPerUser) {
          next(
            new HandshakeError(
              'RATE_LIMITED',
              `Troppe connessioni aperte (${open}): chiudi qualche scheda della chat`,
            ),
          );
          return;
        }
        socket.data = { userId: context.user.id, sessionId: context.sessionId };
        next();
      })
      .catch((err: unknown) => {
        log.error({ err }, 'chat: verifica della connessione non riuscita');
        next(new Error('Errore interno'));
      });
  };
}

/** Still allowed? Each client event re-checks (cached ≤ 5 s), so a lost permission stops at once. */
async function stillAllowed(
  sessions: SessionStore,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const context = await sessions.resolve(sessionId, userId);
  return allowed(context) === 'ok';
}

function onConnection(socket: ChatSocket, deps: GatewayDeps) {
  const { userId, sessionId } = socket.data;
  const fail = (message: string) => socket.emit('error', { message });
  limitEventRate(socket, fail);

  socket.on('authenticate', (data) => {
    const parsed = socketAuthenticateSchema.safeParse(data);
    // The rooms come from the token, never from this claim: a wrong id only gets an error.
    if (!parsed.success || parsed.data.userId !== userId) {
      fail('Utente non corrispondente alla sessione');
      return;
    }
    socket.emit('authenticated', { userId });
  });

  socket.on('mark_as_read', (data) => {
    const parsed = socketMarkAsReadSchema.safeParse(data);
    if (!parsed.success) {
      fail('Richiesta non valida');
      return;
    }
    stillAllowed(deps.sessions, userId, sessionId)
      .then(async (ok) => {
        if (!ok) {
          fail(REFUSED.token);
          socket.disconnect(true);
          return;
        }
        await deps.chat.markAsRead(userId, parsed.data.senderId);
      })
      .catch((err: unknown) => {
        deps.log.error({ err }, 'chat: lettura non registrata');
        fail('Errore interno');
      });
  });

  // Handlers first, so nothing the client sends right after connecting is lost; then the rooms
  // and the count the client starts from (docs/api.md "Sessions and anti-forgery": set from the server on connect).
  void (async () => {
    await socket.join([userRoom(userId), sessionRoom(sessionId)]);
    socket.emit('unread_count', { unreadCount: await deps.chat.unreadCount(userId) });
  })().catch((err: unknown) => {
    deps.log.error({ err }, 'chat: connessione non completata');
    socket.disconnect(true);
  });
}

/** Past `SOCKET_EVENT_LIMIT.max` events in the window they are dropped with one error; far past it the socket goes. */
function limitEventRate(socket: ChatSocket, fail: (message: string) => void) {
  let window = { start: Date.now(), count: 0 };
  socket.use((_packet, next) => {
    const now = Date.now();
    if (now - window.start >= SOCKET_EVENT_LIMIT.windowMs) window = { start: now, count: 0 };
    window.count++;
    if (window.count <= SOCKET_EVENT_LIMIT.max) {
      next();
      return;
    }
    if (window.count === SOCKET_EVENT_LIMIT.max + 1) fail(TOO_MANY);
    if (window.count >= SOCKET_EVENT_LIMIT.disconnectAt) socket.disconnect(true);
  });
}
