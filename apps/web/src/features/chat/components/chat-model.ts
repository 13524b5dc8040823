import { differenceInCalendarDays } from 'date-fns';
import type { ChatMessage } from '@gestcava/contracts';
import { formatDate, toDate } from '@/lib/format';

/** Server order: time, then id (uuid v7). */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/**
 * Adds or replaces messages by id and keeps the server order, oldest first: a message that arrives
 * both live and through a catch-up page shows once (the later copy wins: it may be deleted or read).
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const m of incoming) byId.set(m._id, m);
  return [...byId.values()].sort(compareMessages);
}

/** Does this message belong to the conversation between `me` and `other`? */
export function inConversation(message: ChatMessage, me: string, other: string): boolean {
  return (
    (message.senderId === me && message.receiverId === other) ||
    (message.senderId === other && message.receiverId === me)
  );
}

/** The date separator: 'Oggi', 'Ieri', else dd/MM/yy (docs/domain.md "The flow"). */
export function dayLabel(value: string, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = differenceInCalendarDays(now, date);
  if (days === 0) return 'Oggi';
  if (days === 1) return 'Ieri';
  return formatDate(date);
}

export type ChatRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage };

/** Messages with a separator before the first of each calendar day. */
export function withDaySeparators(
  messages: readonly ChatMessage[],
  now: Date = new Date(),
): ChatRow[] {
  const rows: ChatRow[] = [];
  let lastDay = '';
  for (const message of messages) {
    const label = dayLabel(message.createdAt, now);
    const day = toDate(message.createdAt)?.toDateString() ?? '';
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, label });
      lastDay = day;
    }
    rows.push({ kind: 'message', key: message._id, message });
  }
  return rows;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
