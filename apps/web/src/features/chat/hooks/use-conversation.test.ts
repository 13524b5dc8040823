import { act, renderHook, waitFor } from '@testing-library/react';
import type { ChatMessage } from '@gestcava/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getConversationPage } from '../api/chat';
import { LINK_REFRESH_MS, useConversation } from './use-conversation';

vi.mock('../api/chat', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getConversationPage: vi.fn(),
}));
vi.mock('../realtime/chat-socket', () => ({ subscribeChatEvents: () => () => undefined }));

const pageMock = vi.mocked(getConversationPage);

function message(id: string, url: string): ChatMessage {
  return {
    _id: id,
    senderId: 'anna',
    receiverId: 'bruno',
    content: '',
    createdAt: `2026-11-23T10:00:0${id}.000Z`,
    readAt: null,
    deleted: false,
    attachments: [
      {
        _id: `a${id}`,
        fileName: 'verbale.pdf',
        mime: 'application/pdf',
        size: 10,
        isImage: false,
        url,
        inlineUrl: null,
      },
    ],
  } as unknown as ChatMessage;
}

afterEach(() => {
  vi.useRealTimers();
  pageMock.mockReset();
});

describe('useConversation: attachment links (signed for 30 minutes)', () => {
  it('fetches the shown messages again before their links expire', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    pageMock.mockResolvedValueOnce({
      messages: [message('1', '/api/files/x?exp=1&sig=vecchia')],
      user: null,
      hasMore: false,
    } as never);
    const { result } = renderHook(() => useConversation('bruno', 'anna'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.messages[0]!.attachments[0]!.url).toContain('sig=vecchia');

    pageMock.mockResolvedValueOnce({
      messages: [message('1', '/api/files/x?exp=2&sig=nuova')],
      user: null,
      hasMore: false,
    } as never);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LINK_REFRESH_MS);
    });
    await waitFor(() =>
      expect(result.current.messages[0]!.attachments[0]!.url).toContain('sig=nuova'),
    );
    expect(LINK_REFRESH_MS).toBeLessThan(30 * 60_000);
  });
});
