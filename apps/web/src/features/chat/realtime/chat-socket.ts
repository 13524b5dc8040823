import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ChatClientToServerEvents,
  type ChatServerToClientEvents,
} from '@gestcava/contracts';
import { webConfig } from '@/lib/config';
import { log } from '@/lib/log';

export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** What a part of the app listens to; `reconnected` fires when a dropped connection comes back. */
export type ChatHandlers = {
  [E in keyof ChatServerToClientEvents]?: ChatServerToClientEvents[E];
} & {
  reconnected?: () => void;
};

const EVENTS = [
  'authenticated',
  'unread_count',
  'new_message',
  'message_deleted',
  'messages_read',
  'condivisioni_risposta',
  'error',
] as const;

let current: { socket: ChatSocket; token: string } | null = null;
const subscribers = new Set<ChatHandlers>();

function dispatch<E extends keyof ChatHandlers>(
  event: E,
  ...args: Parameters<NonNullable<ChatHandlers[E]>>
) {
  for (const s of subscribers) {
    const handler = s[event] as ((...a: typeof args) => void) | undefined;
    handler?.(...args);
  }
}

/**
 * The tab's one realtime connection (docs/api.md "Sessions and anti-forgery"): same origin, with credentials and
 * `auth: { token }`; `authenticate { userId }` after every connect. socket.io reconnects by itself
 * after a drop, a server that stops included (it closes the sockets at the transport, so they come
 * back through the load balancer to another instance); a refused handshake (expired session, no chat
 * permission) and a revoked session ("io server disconnect") are not retried.
 */
export function openChatSocket(token: string, userId: string): ChatSocket {
  if (current?.token === token) return current.socket;
  closeChatSocket();
  const options = {
    path: SOCKET_PATH,
    auth: { token },
    withCredentials: true,
    // WebSocket first: one connection, which any instance behind a load balancer can hold without sticky
    // sessions (docs/operations.md, "Più server"); long polling only where a proxy lets no WebSocket through.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  };
  const socket: ChatSocket = webConfig.apiBaseUrl ? io(webConfig.apiBaseUrl, options) : io(options);
  let connectedBefore = false;
  socket.on('connect', () => {
    socket.emit('authenticate', { userId });
    if (connectedBefore) dispatch('reconnected');
    connectedBefore = true;
  });
  socket.on('connect_error', (err) =>
    log.warn('chat: connessione rifiutata o non riuscita', err.message),
  );
  for (const event of EVENTS) {
    socket.on(event, ((data: never) => dispatch(event, data)) as never);
  }
  current = { socket, token };
  return socket;
}

export function closeChatSocket(): void {
  if (!current) return;
  current.socket.removeAllListeners();
  current.socket.disconnect();
  current = null;
}

/** This tab's socket id, sent with a message so the server skips the echo to this tab. */
export function chatSocketId(): string | undefined {
  return current?.socket.connected ? current.socket.id : undefined;
}

export function subscribeChatEvents(handlers: ChatHandlers): () => void {
  subscribers.add(handlers);
  return () => subscribers.delete(handlers);
}

/** docs/api.md "Shape of the API": the client marks a conversation read by its sender. */
export function markAsRead(senderId: string): void {
  current?.socket.emit('mark_as_read', { senderId });
}
