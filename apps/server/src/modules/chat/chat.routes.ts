import {
  CHAT_FILE_MAX_BYTES,
  CHAT_MAX_FILES,
  CHAT_MESSAGES,
  chatAvailableUsersResponseSchema,
  chatConversationParamsSchema,
  chatConversationQuerySchema,
  chatConversationResponseSchema,
  chatConversationsResponseSchema,
  chatMessageParamsSchema,
  chatMessageResponseSchema,
  chatSendFieldsSchema,
  chatUnreadByUserResponseSchema,
  chatUnreadResponseSchema,
  type ChatMessage,
} from '@gestcava/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/app-error.js';
import type { ZodApp } from '../../lib/module.js';
import type { Storage } from '../../lib/storage.js';
import { discardFiles, FILE_KINDS, readMultipart, type FileKind } from '../../lib/uploads.js';
import { requireAuth } from '../../plugins/auth.js';
import type { ChatService } from './chat.service.js';

/** docs/api.md "Who may call what": `/api/chat/*` needs the chat page (admins pass). */
const access = { page: 'chat', mode: 'read' } as const;
const tags = ['chat'];
/** Every kind the upload pipeline knows: JPEG, PNG, WebP, PDF and Office files, by their bytes. */
const CHAT_FILE_KINDS = Object.keys(FILE_KINDS) as FileKind[];

/** The message's form: its fields, and its files checked by their bytes into temporary files. */
function receiveMessage(request: FastifyRequest, storage: Storage) {
  return readMultipart(request, storage, {
    fileField: 'files',
    allowed: CHAT_FILE_KINDS,
    maxBytes: CHAT_FILE_MAX_BYTES,
    maxFiles: CHAT_MAX_FILES,
    tooManyFiles: () =>
      badRequest(CHAT_MESSAGES.tooManyFiles, [
        { path: 'files', message: CHAT_MESSAGES.tooManyFiles },
      ]),
    strayFile: (field) =>
      badRequest('Gli allegati vanno inviati nel campo files', [
        { path: field, message: 'Campo non previsto' },
      ]),
  });
}

/** The form's text fields, or 400 naming the first wrong one. */
function sendFields(fields: Record<string, string>) {
  const parsed = chatSendFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      path: i.path.join('.'),
      message: i.message,
    }));
    throw badRequest(details[0]!.message, details);
  }
  return parsed.data;
}

/** The people one may write to, the conversations, one conversation, the unread counters. */
function registerChatReadRoutes(app: ZodApp, chat: ChatService) {
  app.get(
    '/api/chat/available-users',
    { config: { access }, schema: { tags, response: { 200: chatAvailableUsersResponseSchema } } },
    async (request) => ({
      success: true as const,
      users: await chat.availableUsers(requireAuth(request).user),
    }),
  );

  app.get(
    '/api/chat/users',
    { config: { access }, schema: { tags, response: { 200: chatConversationsResponseSchema } } },
    async (request) => ({
      success: true as const,
      users: await chat.conversations(requireAuth(request)),
    }),
  );

  app.get(
    '/api/chat/conversation/:userId',
    {
      config: { access },
      schema: {
        tags,
        params: chatConversationParamsSchema,
        querystring: chatConversationQuerySchema,
        response: { 200: chatConversationResponseSchema },
      },
    },
    async (request) =>
      chat.conversation(requireAuth(request), request.params.userId, request.query),
  );

  app.get(
    '/api/chat/unread',
    { config: { access }, schema: { tags, response: { 200: chatUnreadResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: { unreadCount: await chat.unreadCount(requireAuth(request).user.id) },
    }),
  );

  app.get(
    '/api/chat/unread-by-user',
    { config: { access }, schema: { tags, response: { 200: chatUnreadByUserResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await chat.unreadByUser(requireAuth(request).user.id),
    }),
  );
}

/** Sending a message with its files. */
function registerChatSendRoute(app: ZodApp, chat: ChatService, storage: Storage) {
  // Sending is a write, but docs/screens.md gives the chat one permission: whoever may open the chat may write in it.
  app.post(
    '/api/chat/message',
    {
      config: { access },
      preHandler: app.limits.chatMessage,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: chatMessageResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Invia il messaggio come multipart/form-data');
      const auth = requireAuth(request);
      const { fields, files } = await receiveMessage(request, storage);
      let message: ChatMessage;
      try {
        message = await chat.send(auth, { ...sendFields(fields), files });
      } finally {
        // Files moved into storage are gone from tmp (rm of a missing file does nothing); images were
        // rewritten without location, and refused messages keep nothing: their temporary files go,
        // before the answer leaves.
        await discardFiles(files);
      }
      return reply.code(201).send({ success: true as const, message });
    },
  );
}

/** Deleting one's own message. */
function registerChatDeleteRoute(app: ZodApp, chat: ChatService) {
  app.delete(
    '/api/chat/message/:id',
    {
      config: { access },
      schema: {
        tags,
        params: chatMessageParamsSchema,
        response: { 200: chatMessageResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: await chat.remove(requireAuth(request).user, request.params.id),
    }),
  );
}

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; storage: Storage }> = async (
  app,
  { chat, storage },
) => {
  registerChatReadRoutes(app, chat);
  registerChatSendRoute(app, chat, storage);
  registerChatDeleteRoute(app, chat);
};
