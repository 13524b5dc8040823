import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGES, type ChatMessage } from '@gestcava/contracts';
import { DEMO_USERS } from '@/test/fixtures';
import { setSession } from '@/lib/session';
import { Composer } from './composer';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('../api/chat', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  sendMessage,
}));

const sent: ChatMessage = {
  _id: 'm1',
  senderId: 'u-produzione',
  receiverId: 'u-vendite',
  content: 'ciao',
  attachments: [],
  createdAt: '2026-03-05T10:00:00.000Z',
  readAt: null,
  deleted: false,
};

afterEach(() => sendMessage.mockReset());

function setup() {
  setSession(DEMO_USERS.produzione, 'token');
  const onSent = vi.fn();
  render(<Composer receiverId="u-vendite" onSent={onSent} />);
  return {
    onSent,
    input: screen.getByTestId('chat-input'),
    files: screen.getByTestId('chat-file-input') as HTMLInputElement,
  };
}

const file = (name: string, size: number, type = 'application/pdf') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('Composer', () => {
  it('sends on Enter, keeps Shift+Enter as a new line, and empties after sending', async () => {
    sendMessage.mockResolvedValue(sent);
    const { onSent, input } = setup();
    const user = userEvent.setup();
    await user.type(input, 'prima{Shift>}{Enter}{/Shift}seconda');
    expect(sendMessage).not.toHaveBeenCalled();
    expect(input).toHaveValue('prima\nseconda');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(sendMessage.mock.calls[0]![0]).toMatchObject({
      receiverId: 'u-vendite',
      content: 'prima\nseconda',
      files: [],
    });
    expect(input).toHaveValue('');
  });

  it('keeps what is typed and attached while the previous message is on its way', async () => {
    let answer: (m: ChatMessage) => void = () => undefined;
    sendMessage.mockImplementationOnce(
      () => new Promise<ChatMessage>((resolve) => (answer = resolve)),
    );
    const { onSent, input, files } = setup();
    const user = userEvent.setup();
    await user.type(input, 'prima{Enter}');
    await waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(1));
    await user.type(input, ' e poi');
    fireEvent.change(files, { target: { files: [file('misure.pdf', 1000)] } });
    answer(sent);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(input).toHaveValue('e poi');
    expect(screen.getAllByTestId('chat-pending-file')).toHaveLength(1);
    expect(screen.getByTestId('chat-send')).toBeEnabled();
  });

  it('does not send an empty message', async () => {
    const { input } = setup();
    await userEvent.setup().type(input, '   {Enter}');
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('refuses an 11th file and a file over 25 MB before sending, with the server’s messages', () => {
    const { files } = setup();
    fireEvent.change(files, {
      target: { files: Array.from({ length: 11 }, (_, i) => file(`f${i}.pdf`, 10)) },
    });
    expect(screen.getByTestId('chat-composer-error')).toHaveTextContent(CHAT_MESSAGES.tooManyFiles);
    fireEvent.change(files, { target: { files: [file('grande.pdf', 25 * 1024 * 1024 + 1)] } });
    expect(screen.getByTestId('chat-composer-error')).toHaveTextContent(CHAT_MESSAGES.fileTooLarge);
    fireEvent.change(files, { target: { files: [file('ok.pdf', 1000)] } });
    expect(screen.getAllByTestId('chat-pending-file')).toHaveLength(1);
    expect(screen.queryByTestId('chat-composer-error')).toBeNull();
  });

  it('shows the server’s message when sending fails and keeps the text, and resends with the same key', async () => {
    const { ApiError } = await import('@/lib/api');
    sendMessage
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          message: CHAT_MESSAGES.receiverUnavailable,
          code: 'VALIDATION',
        }),
      )
      .mockResolvedValueOnce(sent);
    const { input } = setup();
    const user = userEvent.setup();
    await user.type(input, 'ciao{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('chat-composer-error')).toHaveTextContent(
        CHAT_MESSAGES.receiverUnavailable,
      ),
    );
    expect(input).toHaveValue('ciao');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(2));
    // the third argument is the Idempotency-Key: a resend of the same message is the same request
    expect(sendMessage.mock.calls[1]![2]).toBe(sendMessage.mock.calls[0]![2]);
  });
});
