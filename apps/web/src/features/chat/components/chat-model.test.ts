import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@gestcava/contracts';
import { perFileProgress } from '../api/chat';
import {
  dayLabel,
  formatFileSize,
  inConversation,
  mergeMessages,
  withDaySeparators,
} from './chat-model';

const msg = (id: string, createdAt: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  senderId: 'a',
  receiverId: 'b',
  content: id,
  attachments: [],
  createdAt,
  readAt: null,
  deleted: false,
  ...extra,
});

describe('mergeMessages', () => {
  it('keeps server order (time, then id), shows a message once and lets the later copy win', () => {
    const current = [msg('01', '2026-03-05T10:00:00.000Z'), msg('03', '2026-03-05T10:02:00.000Z')];
    const merged = mergeMessages(current, [
      msg('02', '2026-03-05T10:01:00.000Z'),
      msg('03', '2026-03-05T10:02:00.000Z', { deleted: true, content: '' }),
      msg('00', '2026-03-05T10:00:00.000Z'),
    ]);
    expect(merged.map((m) => m._id)).toEqual(['00', '01', '02', '03']);
    expect(merged[3]).toMatchObject({ deleted: true });
  });
});

describe('inConversation', () => {
  it('matches both directions of the pair and nothing else', () => {
    expect(inConversation(msg('1', 'x'), 'a', 'b')).toBe(true);
    expect(inConversation(msg('1', 'x', { senderId: 'b', receiverId: 'a' }), 'a', 'b')).toBe(true);
    expect(inConversation(msg('1', 'x', { senderId: 'c', receiverId: 'a' }), 'a', 'b')).toBe(false);
  });
});

describe('date separators', () => {
  const now = new Date(2026, 2, 5, 15, 0);
  it("says 'Oggi', 'Ieri', else dd/MM/yy", () => {
    expect(dayLabel(new Date(2026, 2, 5, 0, 5).toISOString(), now)).toBe('Oggi');
    expect(dayLabel(new Date(2026, 2, 4, 23, 59).toISOString(), now)).toBe('Ieri');
    expect(dayLabel(new Date(2026, 2, 3, 12, 0).toISOString(), now)).toBe('03/03/26');
  });

  it('puts one separator before the first message of each day', () => {
    const rows = withDaySeparators(
      [
        msg('1', new Date(2026, 2, 3, 9).toISOString()),
        msg('2', new Date(2026, 2, 3, 10).toISOString()),
        msg('3', new Date(2026, 2, 5, 9).toISOString()),
      ],
      now,
    );
    expect(rows.map((r) => (r.kind === 'day' ? r.label : r.message._id))).toEqual([
      '03/03/26',
      '1',
      '2',
      'Oggi',
      '3',
    ]);
  });
});

describe('perFileProgress', () => {
  it('spreads the request progress over the files in body order', () => {
    const files = [{ size: 100 }, { size: 300 }];
    // 50 bytes of fields and boundaries, then the files
    expect(perFileProgress(files, 0, 450)).toEqual([0, 0]);
    expect(perFileProgress(files, 100, 450)).toEqual([50, 0]);
    expect(perFileProgress(files, 300, 450)).toEqual([100, 50]);
    expect(perFileProgress(files, 450, 450)).toEqual([100, 100]);
  });
});

describe('formatFileSize', () => {
  it('writes sizes the Italian way', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3.5 * 1024 * 1024)).toBe('3,5 MB');
  });
});
