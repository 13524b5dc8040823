import { useMemo, useState } from 'react';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { searchKey, type ChatConversationSummary, type ChatUser } from '@gestcava/contracts';
import { formatBadgeCount, formatTime, formatUnread } from '@/lib/format';
import { CHAT_DELETED_LABEL } from './message-bubble';
import { dayLabel } from './chat-model';

interface Entry {
  user: ChatUser;
  summary: ChatConversationSummary | null;
}

function preview(summary: ChatConversationSummary, me: string): string {
  const m = summary.lastMessage;
  const prefix = m.senderId === me ? 'Tu: ' : '';
  if (m.deleted) return `${prefix}${CHAT_DELETED_LABEL}`;
  if (m.content) return `${prefix}${m.content}`;
  const n = m.attachments.length;
  return `${prefix}${n === 1 ? '1 allegato' : `${n} allegati`}`;
}

/** Conversations first (newest first, with unread badges), then colleagues not written to yet; search by name or company. */
export function ConversationList({
  me,
  conversations,
  available,
  selected,
  onSelect,
  loading,
}: {
  me: string;
  conversations: ChatConversationSummary[];
  available: ChatUser[];
  selected: string | null;
  onSelect: (userId: string) => void;
  loading: boolean;
}) {
  const [query, setQuery] = useState('');
  const entries = useMemo<Entry[]>(() => {
    const started = new Set(conversations.map((c) => c._id));
    const all: Entry[] = [
      ...conversations.map((c) => ({ user: c, summary: c })),
      ...available.filter((u) => !started.has(u._id)).map((u) => ({ user: u, summary: null })),
    ];
    const q = searchKey(query.trim());
    return q
      ? all.filter((e) => searchKey(`${e.user.name} ${e.user.companyName}`).includes(q))
      : all;
  }, [conversations, available, query]);

  return (
    <nav className="chat-list" aria-label="Conversazioni">
      <div className="chat-list-search">
        <IconField iconPosition="left">
          <InputIcon className="pi pi-search" />
          <InputText
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Cerca un collega"
            aria-label="Cerca un collega"
            className="w-full"
            data-testid="chat-search"
          />
        </IconField>
      </div>
      {loading && <p className="chat-list-empty">Caricamento…</p>}
      {!loading && entries.length === 0 && (
        <p className="chat-list-empty">
          {query ? 'Nessun collega trovato' : 'Nessun collega con la chat'}
        </p>
      )}
      <ul className="chat-list-items">
        {entries.map(({ user, summary }) => (
          <li key={user._id}>
            <button
              type="button"
              className={`chat-list-item${selected === user._id ? ' chat-list-item-active' : ''}`}
              onClick={() => onSelect(user._id)}
              aria-current={selected === user._id ? 'true' : undefined}
              data-testid={`chat-contact-${user._id}`}
              data-name={user.name}
            >
              <span
                className={`chat-avatar${user.online ? ' chat-avatar-online' : ''}`}
                aria-hidden="true"
              >
                {user.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="chat-list-text">
                <span className="chat-list-name">
                  {user.name}
                  {user.online && <span className="sr-only"> (in linea)</span>}
                </span>
                <span className="chat-list-preview">
                  {summary ? preview(summary, me) : user.companyName}
                </span>
              </span>
              <span className="chat-list-meta">
                {summary && (
                  <span className="chat-list-time">
                    {dayLabel(summary.lastMessage.createdAt) === 'Oggi'
                      ? formatTime(summary.lastMessage.createdAt)
                      : dayLabel(summary.lastMessage.createdAt)}
                  </span>
                )}
                {summary && summary.unreadCount > 0 && (
                  <span
                    className="chat-unread-badge"
                    data-testid="chat-contact-unread"
                    aria-label={formatUnread(summary.unreadCount)}
                  >
                    {formatBadgeCount(summary.unreadCount)}
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
