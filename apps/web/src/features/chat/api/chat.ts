import {
  CHAT_PAGE_LIMIT,
  CHAT_UNREAD_POLL_MS,
  chatAvailableUsersResponseSchema,
  type ChatConversationPage,
  chatConversationResponseSchema,
  chatConversationsResponseSchema,
  type ChatConversationSummary,
  type ChatMessage,
  chatMessageResponseSchema,
  chatUnreadResponseSchema,
  type ChatUser,
} from '@gestcava/contracts';
import { api, apiUpload, newIdempotencyKey, type UploadProgress } from '@/lib/api';
import { defineResource } from '@/lib/define-resource';
import { queryRoots } from '@/lib/query-keys';
import { getToken } from '@/lib/session';

/**
 * /api/chat: the conversations, the contacts and the unread count, under ['chat'] (the realtime
 * events refresh them by these keys). Sending a message is an upload with progress (below).
 */
const chat = defineResource({ key: queryRoots.chat, base: '/api/chat' });

/** Query keys of the chat. */
export const chatKeys = {
  all: chat.keys.all,
  unread: chat.keys.of('unread'),
  conversations: chat.keys.of('users'),
  availableUsers: chat.keys.of('available-users'),
};

/** DELETE /api/chat/message/:id: only the sender; the message stays as 'Messaggio eliminato'. */
export async function deleteMessage(id: string): Promise<ChatMessage> {
  const { message } = await api.delete(`/api/chat/message/${encodeURIComponent(id)}`, undefined, {
    schema: chatMessageResponseSchema,
  });
  return message;
}

/** GET /api/chat/available-users: whom the user may write to (with online state). */
export async function getAvailableUsers(): Promise<ChatUser[]> {
  const { users } = await api.get('/api/chat/available-users', {
    schema: chatAvailableUsersResponseSchema,
    timeoutMs: 10_000,
  });
  return users;
}

const availableUsers = chat.read(() => ({
  key: ['available-users'],
  load: getAvailableUsers,
  staleTime: 60_000,
}));
export const availableUsersQueryOptions = availableUsers.options();
export const useAvailableUsers = availableUsers.use;

export interface ConversationPageParams {
  limit?: number;
  /** the page older than this message */
  before?: string;
  /** what came after this message, oldest first (catch-up after a reconnect) */
  after?: string;
}

/** GET /api/chat/conversation/:userId?limit=50&skip=0 (docs/api.md "Shape of the API", §9), plus before/after for stable paging. */
export function getConversationPage(
  userId: string,
  { limit = CHAT_PAGE_LIMIT, before, after }: ConversationPageParams = {},
  signal?: AbortSignal,
): Promise<ChatConversationPage> {
  return api.get(`/api/chat/conversation/${encodeURIComponent(userId)}`, {
    query: { limit, skip: before || after ? undefined : 0, before, after },
    schema: chatConversationResponseSchema,
    timeoutMs: 10_000,
    signal,
  });
}

/** GET /api/chat/users: the user's conversations, newest first, with last message and unread count. */
export async function getConversations(): Promise<ChatConversationSummary[]> {
  const { users } = await api.get('/api/chat/users', {
    schema: chatConversationsResponseSchema,
    timeoutMs: 10_000,
  });
  return users;
}

export const useConversations = chat.read(() => ({ key: ['users'], load: getConversations })).use;

/** docs/domain.md "Constants and limits": polled every 30 s. */
export const UNREAD_POLL_MS = CHAT_UNREAD_POLL_MS;

/** GET /api/chat/unread; a failure counts as 0 (docs/api.md "Errors"). */
export async function getUnreadCount(): Promise<number> {
  // Right after a logout the top bar may still poll once: without a token there is nothing to ask,
  // and an anonymous 401 would send the login page (already open) to itself again, losing what the
  // user is typing.
  if (!getToken()) return 0;
  try {
    const { data } = await api.get('/api/chat/unread', {
      schema: chatUnreadResponseSchema,
      timeoutMs: 10_000,
    });
    return data.unreadCount;
  } catch {
    return 0;
  }
}

export const useUnreadCount = chat.read((enabled: boolean) => ({
  key: ['unread'],
  load: getUnreadCount,
  refetchInterval: UNREAD_POLL_MS,
  staleTime: UNREAD_POLL_MS,
  enabled,
})).use;

export interface SendMessageInput {
  receiverId: string;
  content: string;
  files: File[];
  /** this tab's socket: the server skips its echo, the user's other tabs get the message */
  socketId?: string;
}

/**
 * POST /api/chat/message (multipart: receiverId, content, files) with upload progress. One
 * Idempotency-Key for the call: the client's own retry (a refreshed anti-forgery token) and a resend
 * of the same request create one message.
 */
export async function sendMessage(
  input: SendMessageInput,
  onProgress?: (p: UploadProgress) => void,
  idempotencyKey = newIdempotencyKey(),
): Promise<ChatMessage> {
  const form = new FormData();
  form.append('receiverId', input.receiverId);
  form.append('content', input.content);
  if (input.socketId) form.append('socketId', input.socketId);
  for (const file of input.files) form.append('files', file, file.name);
  const { message } = await apiUpload('/api/chat/message', form, {
    schema: chatMessageResponseSchema,
    onProgress,
    idempotencyKey,
  });
  return message;
}

/**
 * How far each file is, from the bytes of the whole request: the files go one after the other
 * in the body, so file i is done when the upload has passed the files before it and itself.
 */
export function perFileProgress(
  files: readonly { size: number }[],
  loaded: number,
  total: number,
): number[] {
  const sizes = files.map((f) => f.size);
  const sum = sizes.reduce((a, b) => a + b, 0);
  // What is not file bytes (fields, boundaries) comes before the first file, mostly.
  const overhead = Math.max(0, total - sum);
  let offset = overhead;
  return sizes.map((size) => {
    const done =
      size === 0 ? (loaded >= offset ? 1 : 0) : Math.min(1, Math.max(0, (loaded - offset) / size));
    offset += size;
    return Math.round(done * 100);
  });
}
