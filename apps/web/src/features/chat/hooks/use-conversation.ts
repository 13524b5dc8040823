import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatUser } from '@gestcava/contracts';
import { isApiError } from '@/lib/api';
import { getConversationPage } from '../api/chat';
import { inConversation, mergeMessages } from '../components/chat-model';
import { subscribeChatEvents } from '../realtime/chat-socket';

export interface ConversationState {
  messages: ChatMessage[];
  user: ChatUser | null;
  loading: boolean;
  loadingOlder: boolean;
  hasOlder: boolean;
  error: string | null;
}

const EMPTY: ConversationState = {
  messages: [],
  user: null,
  loading: true,
  loadingOlder: false,
  hasOlder: false,
  error: null,
};
const LOAD_ERROR = 'Impossibile caricare la conversazione';

/**
 * Attachment links are signed for 30 minutes (the server's ATTACHMENT_URL_TTL_SECONDS): the loaded
 * messages are fetched again every 10 minutes, and on coming back to a tab left longer, so a link
 * on screen always works.
 */
export const LINK_REFRESH_MS = 10 * 60_000;

/**
 * One conversation, oldest first: the newest 50 on open, 50 more on each `loadOlder` (before=<oldest
 * id>), live messages, deletions and read receipts from the socket, and after a reconnect what was
 * missed (after=<newest id>, page after page). Messages are kept once each, in server order.
 */
export function useConversation(me: string, other: string) {
  const [state, setState] = useState<ConversationState>(EMPTY);
  const ref = useRef(state);
  useEffect(() => {
    ref.current = state;
  }, [state]);

  const add = useCallback((incoming: ChatMessage[]) => {
    setState((s) => ({ ...s, messages: mergeMessages(s.messages, incoming) }));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setState(EMPTY);
    getConversationPage(other, {}, controller.signal)
      .then((page) =>
        setState({
          messages: mergeMessages([], page.messages),
          user: page.user,
          loading: false,
          loadingOlder: false,
          hasOlder: page.hasMore,
          error: null,
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          ...EMPTY,
          loading: false,
          error: isApiError(error) ? error.message : LOAD_ERROR,
        });
      });

    /** After a reconnect: everything after the newest message shown, until nothing more. */
    const catchUp = async () => {
      for (let guard = 0; guard < 100 && !controller.signal.aborted; guard++) {
        const newest = ref.current.messages.at(-1);
        if (!newest) {
          const page = await getConversationPage(other, {}, controller.signal);
          add(page.messages);
          return;
        }
        const page = await getConversationPage(other, { after: newest._id }, controller.signal);
        add(page.messages);
        if (!page.hasMore || page.messages.length === 0) return;
      }
    };

    const unsubscribe = subscribeChatEvents({
      new_message: (m) => {
        if (inConversation(m, me, other)) add([m]);
      },
      message_deleted: (m) => {
        if (inConversation(m, me, other)) add([m]);
      },
      messages_read: ({ readerId, readAt }) => {
        if (readerId !== other) return;
        setState((s) => ({
          ...s,
          messages: s.messages.map((m) =>
            m.senderId === me && m.receiverId === other && !m.readAt ? { ...m, readAt } : m,
          ),
        }));
      },
      reconnected: () => void catchUp().catch(() => undefined),
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [me, other, add]);

  useEffect(() => {
    let last = Date.now();
    /** The pages from the newest back to the oldest message shown, merged over the old copies. */
    const refresh = async () => {
      last = Date.now();
      const oldest = ref.current.messages[0];
      if (!oldest) return;
      let before: string | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const page = await getConversationPage(other, before ? { before } : {});
        add(page.messages);
        before = page.messages[0]?._id;
        if (!page.hasMore || !before || page.messages.some((m) => m._id === oldest._id)) return;
      }
    };
    const timer = setInterval(() => void refresh().catch(() => undefined), LINK_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - last >= LINK_REFRESH_MS)
        void refresh().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [other, add]);

  const loadOlder = useCallback(async () => {
    const s = ref.current;
    const oldest = s.messages[0];
    if (s.loadingOlder || !s.hasOlder || !oldest) return;
    setState((x) => ({ ...x, loadingOlder: true }));
    try {
      const page = await getConversationPage(other, { before: oldest._id });
      setState((x) => ({
        ...x,
        messages: mergeMessages(x.messages, page.messages),
        hasOlder: page.hasMore,
        loadingOlder: false,
      }));
    } catch (error) {
      setState((x) => ({
        ...x,
        loadingOlder: false,
        error: isApiError(error) ? error.message : LOAD_ERROR,
      }));
    }
  }, [other]);

  /** Marks the other's messages read here (the server is told through the socket). */
  const markReadLocally = useCallback(() => {
    const readAt = new Date().toISOString();
    setState((s) => ({
      ...s,
      messages: s.messages.map((m) => (m.senderId === other && !m.readAt ? { ...m, readAt } : m)),
    }));
  }, [other]);

  return { ...state, add, loadOlder, markReadLocally };
}
