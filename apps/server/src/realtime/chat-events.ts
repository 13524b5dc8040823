import type { ChatEvents } from '../modules/chat/chat.events.js';
import type { ChatIo } from './socket-server.js';

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The chat's events over socket.io rooms; through the adapter they reach every instance. */
export function createSocketChatEvents(io: ChatIo): ChatEvents {
  return {
    async newMessage(message, exceptSocketId, forSession) {
      const rooms = [userRoom(message.receiverId), userRoom(message.senderId)];
      const except = (target: ReturnType<ChatIo['to']>) =>
        exceptSocketId ? target.except(exceptSocketId) : target;
      if (!forSession) {
        except(io.to(rooms)).emit('new_message', message);
        return;
      }
      // The sessions connected now, on any instance: one copy each, signed for it. A tab that connects
      // after this catches up by reading the conversation, which signs for its session too.
      // Resolved once the copies are out: the unread count the service sends next must not arrive
      // before the message it counts (the client adds one for each message it receives).
      await io
        .in(rooms)
        .fetchSockets()
        .then((sockets) => {
          const sessions = new Map(sockets.map((s) => [s.data.sessionId, s.data.userId]));
          for (const [sessionId, userId] of sessions)
            except(io.to(sessionRoom(sessionId))).emit(
              'new_message',
              forSession({ sessionId, user: { id: userId } }),
            );
        })
        .catch(() => undefined);
    },
    messageDeleted(message) {
      io.to([userRoom(message.receiverId), userRoom(message.senderId)]).emit(
        'message_deleted',
        message,
      );
    },
    unreadCount(userId, unreadCount) {
      io.to(userRoom(userId)).emit('unread_count', { unreadCount });
    },
    messagesRead(senderId, receipt) {
      io.to(userRoom(senderId)).emit('messages_read', receipt);
    },
    async onlineUserIds() {
      const sockets = await io.fetchSockets();
      return new Set(sockets.map((s) => s.data.userId));
    },
  };
}
