import type { ChatEvents } from '../modules/chat/chat.events.js';
import type { ChatIo } from './socket-server.js';

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The chat's events over socket.io rooms; through the adapter they reach every instance. */
export function createSocketChatEvents(io: ChatIo): ChatEvents {
  return {
    newMessage(message, exceptSocketId) {
      const target = io.to([userRoom(message.receiverId), userRoom(message.senderId)]);
      (exceptSocketId ? target.except(exceptSocketId) : target).emit('new_message', message);
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
