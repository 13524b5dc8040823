import type { ChatMessage, ChatReadReceipt } from '@gestcava/contracts';

/** A connected session, as links are signed for it. */
export interface ChatSession {
  sessionId: string;
  user: { id: string };
}

/**
 * What the chat service tells connected clients. The realtime layer implements it over socket.io
 * rooms (`user:<id>`), so it reaches every tab on every instance; the service calls it only after
 * the change is committed (a message is stored before it is emitted).
 */
export interface ChatEvents {
  /**
   * To the receiver's tabs and the sender's tabs except the one that sent it. With `forSession` (a
   * message with files), each session's tabs receive the copy whose links are signed for it.
   */
  newMessage(
    message: ChatMessage,
    exceptSocketId?: string,
    forSession?: (session: ChatSession) => ChatMessage,
  ): Promise<void>;
  messageDeleted(message: ChatMessage): void;
  unreadCount(userId: string, unreadCount: number): void;
  messagesRead(senderId: string, receipt: ChatReadReceipt): void;
  /** Users with at least one connected socket, on any instance. */
  onlineUserIds(): Promise<Set<string>>;
}
