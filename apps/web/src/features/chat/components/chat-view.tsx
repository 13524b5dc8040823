import './chat.css';
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';
import { PageHeader } from '@/components/page-header';
import { useAvailableUsers, useConversations } from '../api/chat';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';

/**
 * /app/chat: the conversation list beside the open conversation (`?con=<userId>`); under 768 px
 * one at a time, with a back button.
 */
export function ChatView() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const selected = params.get('con');
  const conversations = useConversations();
  const available = useAvailableUsers();
  if (!user) return null;

  const select = (userId: string | null) =>
    setParams(userId ? { con: userId } : {}, { replace: false });

  return (
    <div className="chat-page">
      <PageHeader title="Chat" icon="pi pi-comments" />
      <div className={`chat-layout card${selected ? ' chat-layout-open' : ''}`}>
        <ConversationList
          me={user._id}
          conversations={conversations.data ?? []}
          available={available.data ?? []}
          selected={selected}
          onSelect={select}
          loading={conversations.isLoading || available.isLoading}
        />
        {selected ? (
          <ConversationPane
            key={selected}
            me={user._id}
            other={selected}
            onBack={() => select(null)}
          />
        ) : (
          <div className="chat-placeholder">
            <i className="pi pi-comments" aria-hidden="true" />
            <p>Scegli un collega per iniziare a scrivere.</p>
          </div>
        )}
      </div>
    </div>
  );
}
