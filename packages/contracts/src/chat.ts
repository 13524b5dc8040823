import { z } from 'zod';

/** docs/domain.md "Constants and limits" and the chat issue: the limits both sides check. */
export const CHAT_PAGE_LIMIT = 50;
export const CHAT_MAX_PAGE_LIMIT = 100;
export const CHAT_CONTENT_MAX = 4000;
export const CHAT_MAX_FILES = 10;
export const CHAT_FILE_MAX_BYTES = 25 * 1024 * 1024;
/** docs/domain.md "Constants and limits": the top-bar count is refreshed every 30 s besides the realtime events. */
export const CHAT_UNREAD_POLL_MS = 30_000;
/** What the browser offers in the file picker; the server decides by the bytes. */
export const CHAT_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
  '.pdf',
  '.docx',
  '.xlsx',
  '.pptx',
].join(',');
export const CHAT_FORMATS_LABEL = 'JPEG, PNG, WebP, PDF, Word, Excel o PowerPoint';

/** Messages shown by the client before it sends and answered by the server the same. */
export const CHAT_MESSAGES = {
  empty: 'Scrivi un messaggio o allega un file',
  tooLong: `Il messaggio è troppo lungo: al massimo ${CHAT_CONTENT_MAX} caratteri`,
  tooManyFiles: `Troppi allegati: al massimo ${CHAT_MAX_FILES} per messaggio`,
  fileTooLarge: 'Allegato troppo grande: al massimo 25 MB per file',
  receiverMissing: 'Destinatario mancante',
  receiverInvalid: 'Destinatario non valido',
  receiverUnavailable: 'Questo utente non può ricevere messaggi in chat',
  toSelf: 'Non puoi scrivere a te stesso',
  notFound: 'Messaggio non trovato',
  notSender: 'Puoi eliminare solo i tuoi messaggi',
  deleted: 'Messaggio eliminato',
  cursorInvalid: 'Il messaggio di riferimento non appartiene a questa conversazione',
  beforeAndAfter: 'Usa before oppure after, non entrambi',
} as const;

const chatId = z.uuid({ error: 'Identificativo non valido' });

export const chatAttachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  isImage: z.boolean(),
  /** Signed relative URL that downloads the file (attachment, nosniff). */
  url: z.string(),
  /** Images only: signed relative URL of a small WebP thumbnail (at most 320 px), shown inline. */
  inlineUrl: z.string().nullable(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** docs/domain.md "The records" "Chat message": senderId, content, attachments, receiverId; plus time and read state. */
export const chatMessageSchema = z.object({
  _id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  /** Empty once deleted (`deleted: true`, shown as 'Messaggio eliminato'). */
  content: z.string(),
  attachments: z.array(chatAttachmentSchema),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** docs/domain.md "The records" "Chat user": _id, name; plus the company and whether they are connected now. */
export const chatUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  online: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatAvailableUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(chatUserSchema),
});

export const chatConversationSummarySchema = chatUserSchema.extend({
  lastMessage: chatMessageSchema,
  unreadCount: z.number().int().min(0),
});
export type ChatConversationSummary = z.infer<typeof chatConversationSummarySchema>;
export const chatConversationsResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(chatConversationSummarySchema),
});

export const chatConversationParamsSchema = z.object({ userId: chatId });
/**
 * `limit`/`skip` newest first (docs/domain.md "Constants and limits": 50 and 0); `before=<id>` the page older than that message
 * (stable while new ones arrive); `after=<id>` what came after it, oldest first (reconnect catch-up).
 */
export const chatConversationQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(CHAT_MAX_PAGE_LIMIT).default(CHAT_PAGE_LIMIT),
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    before: chatId.optional(),
    after: chatId.optional(),
  })
  .refine((q) => !(q.before && q.after), { error: CHAT_MESSAGES.beforeAndAfter });
export type ChatConversationQuery = z.infer<typeof chatConversationQuerySchema>;

export const chatConversationResponseSchema = z.object({
  success: z.literal(true),
  /** Newest first, except with `after` (oldest first). */
  messages: z.array(chatMessageSchema),
  /** More messages exist in the direction asked. */
  hasMore: z.boolean(),
  user: chatUserSchema,
});
export type ChatConversationPage = z.infer<typeof chatConversationResponseSchema>;

export const chatMessageResponseSchema = z.object({
  success: z.literal(true),
  message: chatMessageSchema,
});

export const chatUnreadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ unreadCount: z.number().int().min(0) }),
});
export const chatUnreadByUserResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ userId: z.string(), unreadCount: z.number().int().min(0) })),
});

export const chatMessageParamsSchema = z.object({ id: chatId });

/** The text part of `POST /api/chat/message` (multipart fields). */
export const chatSendFieldsSchema = z.object({
  receiverId: z
    .string({ error: CHAT_MESSAGES.receiverMissing })
    .pipe(z.uuid({ error: CHAT_MESSAGES.receiverInvalid })),
  content: z.string().max(CHAT_CONTENT_MAX, { error: CHAT_MESSAGES.tooLong }).default(''),
  /** The sending tab's socket id: its own echo is skipped, the user's other tabs get the message. */
  socketId: z.string().max(64).optional(),
});

// -- realtime (docs/api.md "Sessions and anti-forgery") ------------------------------------------------------------------

export const SOCKET_PATH = '/socket.io';

export interface ChatReadReceipt {
  /** Who read. */
  readerId: string;
  readAt: string;
}

export interface ChatServerToClientEvents {
  authenticated: (data: { userId: string }) => void;
  unread_count: (data: { unreadCount: number }) => void;
  new_message: (message: ChatMessage) => void;
  /** The sender deleted a message: both sides show 'Messaggio eliminato'. */
  message_deleted: (message: ChatMessage) => void;
  /** The receiver read the conversation: the sender's messages to them are read. */
  messages_read: (receipt: ChatReadReceipt) => void;
  error: (data: { message: string }) => void;
  /**
   * A buyer answered on one of the user's shared links (docs/condivisioni.md "Le risposte"): the
   * top bar refetches the unread answers. Carries nothing: the list is read through the API.
   */
  condivisioni_risposta: () => void;
}

export interface ChatClientToServerEvents {
  authenticate: (data: { userId: string }) => void;
  mark_as_read: (data: { senderId: string }) => void;
}

export const socketAuthenticateSchema = z.object({ userId: z.string().max(100) });
export const socketMarkAsReadSchema = z.object({ senderId: chatId });
