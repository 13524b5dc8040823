import { chatMessageResponseSchema, type ChatMessage } from '@gestcava/contracts';
import { api } from '@/lib/api';

/** DELETE /api/chat/message/:id: only the sender; the message stays as 'Messaggio eliminato'. */
export async function deleteMessage(id: string): Promise<ChatMessage> {
  const { message } = await api.delete(`/api/chat/message/${encodeURIComponent(id)}`, undefined, { schema: chatMessageResponseSchema });
  return message;
}
