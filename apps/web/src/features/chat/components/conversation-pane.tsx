import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@gestcava/contracts';
import { DeleteConfirmDialog } from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/toast';
import { deleteMessage, chatKeys } from '../api/chat';
import { useConversation } from '../hooks/use-conversation';
import { markAsRead } from '../realtime/chat-socket';
import { withDaySeparators } from './chat-model';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

/** Scrolled to within this of the top, the next older page loads. */
const LOAD_OLDER_AT_PX = 80;
const NEAR_BOTTOM_PX = 120;

export function ConversationPane({
  me,
  other,
  onBack,
}: {
  me: string;
  other: string;
  onBack: () => void;
}) {
  const conversation = useConversation(me, other);
  const {
    messages,
    user,
    loading,
    loadingOlder,
    hasOlder,
    error,
    loadOlder,
    add,
    markReadLocally,
  } = conversation;
  const queryClient = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Where the view was before a change: the bottom (follow new messages) or a height (keep the place when older ones load above).
  const anchor = useRef<{ atBottom: boolean; height: number; top: number }>({
    atBottom: true,
    height: 0,
    top: 0,
  });

  const unreadFromOther = messages.some((m) => m.senderId === other && !m.readAt && !m.deleted);
  useEffect(() => {
    if (!unreadFromOther) return;
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      markAsRead(other);
      markReadLocally();
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [unreadFromOther, other, markReadLocally, queryClient]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const was = anchor.current;
    if (was.atBottom) el.scrollTop = el.scrollHeight;
    else if (el.scrollHeight !== was.height)
      el.scrollTop = was.top + (el.scrollHeight - was.height);
  }, [messages]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    anchor.current = {
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX,
      height: el.scrollHeight,
      top: el.scrollTop,
    };
    if (el.scrollTop < LOAD_OLDER_AT_PX && hasOlder && !loadingOlder) void loadOlder();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      add([await deleteMessage(toDelete._id)]);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      setToDelete(null);
    } catch (e) {
      notify({
        severity: 'error',
        summary: 'Messaggio non eliminato',
        detail: isApiError(e) ? e.message : undefined,
      });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <section
      className="chat-pane"
      aria-label={user ? `Conversazione con ${user.name}` : 'Conversazione'}
      data-testid="chat-pane"
    >
      <header className="chat-pane-header">
        <Button
          type="button"
          icon="pi pi-arrow-left"
          text
          rounded
          className="chat-back"
          aria-label="Torna alle conversazioni"
          onClick={onBack}
        />
        <span
          className={`chat-avatar${user?.online ? ' chat-avatar-online' : ''}`}
          aria-hidden="true"
        >
          {user?.name.slice(0, 1).toUpperCase() ?? '…'}
        </span>
        <div className="chat-pane-title">
          <strong data-testid="chat-pane-name">{user?.name ?? ''}</strong>
          <span>{user ? `${user.companyName}${user.online ? ' · in linea' : ''}` : ''}</span>
        </div>
      </header>
      <div
        className="chat-messages"
        ref={scroller}
        onScroll={onScroll}
        data-testid="chat-messages"
        aria-live="polite"
      >
        {loadingOlder && <p className="chat-hint">Carico i messaggi precedenti…</p>}
        {!hasOlder && !loading && messages.length > 0 && (
          <p className="chat-hint">Inizio della conversazione</p>
        )}
        {loading && <p className="chat-hint">Caricamento…</p>}
        {error && (
          <p className="chat-hint chat-hint-error" role="alert">
            {error}
          </p>
        )}
        {!loading && !error && messages.length === 0 && (
          <p className="chat-hint">Nessun messaggio: scrivi il primo.</p>
        )}
        {withDaySeparators(messages).map((row) =>
          row.kind === 'day' ? (
            <div key={row.key} className="chat-day" role="separator" data-testid="chat-day">
              <span>{row.label}</span>
            </div>
          ) : (
            <MessageBubble
              key={row.key}
              message={row.message}
              own={row.message.senderId === me}
              onDelete={setToDelete}
            />
          ),
        )}
      </div>
      <Composer
        receiverId={other}
        onSent={(m) => {
          anchor.current = { ...anchor.current, atBottom: true };
          add([m]);
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        }}
      />
      <DeleteConfirmDialog
        visible={toDelete !== null}
        title="Eliminare il messaggio?"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
        testId="chat-delete-dialog"
      >
        <p className="m-0">
          Il messaggio e i suoi allegati spariranno per entrambi; resterà la scritta «Messaggio
          eliminato».
        </p>
      </DeleteConfirmDialog>
    </section>
  );
}
