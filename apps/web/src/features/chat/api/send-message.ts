import { chatMessageResponseSchema, type ChatMessage } from '@gestcava/contracts';
import { apiUpload, newIdempotencyKey, type UploadProgress } from '@/lib/api';

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
export async function sendMessage(input: SendMessageInput, onProgress?: (p: UploadProgress) => void, idempotencyKey = newIdempotencyKey()): Promise<ChatMessage> {
  const form = new FormData();
  form.append('receiverId', input.receiverId);
  form.append('content', input.content);
  if (input.socketId) form.append('socketId', input.socketId);
  for (const file of input.files) form.append('files', file, file.name);
  const { message } = await apiUpload('/api/chat/message', form, { schema: chatMessageResponseSchema, onProgress, idempotencyKey });
  return message;
}

/**
 * How far each file is, from the bytes of the whole request: the files go one after the other
 * in the body, so file i is done when the upload has passed the files before it and itself.
 */
export function perFileProgress(files: readonly { size: number }[], loaded: number, total: number): number[] {
  const sizes = files.map((f) => f.size);
  const sum = sizes.reduce((a, b) => a + b, 0);
  // What is not file bytes (fields, boundaries) comes before the first file, mostly.
  const overhead = Math.max(0, total - sum);
  let offset = overhead;
  return sizes.map((size) => {
    const done = size === 0 ? (loaded >= offset ? 1 : 0) : Math.min(1, Math.max(0, (loaded - offset) / size));
    offset += size;
    return Math.round(done * 100);
  });
}
