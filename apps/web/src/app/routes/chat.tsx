import { ChatView } from '@/features/chat/components/chat-view';

/** /app/chat (chat permission or admin) */
export function ChatPage() {
  return <ChatView />;
}

export const Component = ChatPage;
