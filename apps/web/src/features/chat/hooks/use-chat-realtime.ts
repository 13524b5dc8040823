import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@gestcava/contracts';
import { notifyNewMessage } from '@/lib/notifications';
import { queryRoots } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { availableUsersQueryOptions, chatKeys } from '../api/chat';
import { closeChatSocket, openChatSocket, subscribeChatEvents } from '../realtime/chat-socket';

/**
 * The app-wide half of the chat, mounted once by the top bar (docs/api.md "Sessions and anti-forgery"): the connection, the
 * unread count (from the server on connect and on `unread_count`, +1 on a `new_message` from someone
 * else, refreshed on read events; the 30 s poll lives in the query), desktop notifications when
 * the user is not on the chat page, and the buyers' answers on the user's shared links.
 */
export function useChatRealtime(enabled: boolean) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  const userId = user?._id;

  useEffect(() => {
    if (!enabled || !token || !userId) return;
    openChatSocket(token, userId);

    const onNewMessage = (message: ChatMessage) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      // The user's own message from another tab is not unread and needs no notification.
      if (message.senderId === userId) return;
      queryClient.setQueryData<number>(chatKeys.unread, (n) => (n ?? 0) + 1);
      void queryClient
        .fetchQuery(availableUsersQueryOptions)
        .catch(() => [])
        .then((users) => {
          const senderName = users.find((u) => u._id === message.senderId)?.name ?? 'un collega';
          notifyNewMessage(
            { senderName, content: message.content, attachmentCount: message.attachments.length },
            pathRef.current,
            () => void navigate(`/app/chat?con=${encodeURIComponent(message.senderId)}`),
          );
        });
    };

    const unsubscribe = subscribeChatEvents({
      unread_count: ({ unreadCount }) => queryClient.setQueryData(chatKeys.unread, unreadCount),
      new_message: onNewMessage,
      message_deleted: () =>
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations }),
      messages_read: () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread }),
      // the same connection tells the maker of a shared link that a buyer answered
      condivisioni_risposta: () =>
        void queryClient.invalidateQueries({ queryKey: queryRoots.condivisioniNotifiche }),
      reconnected: () => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.all });
        void queryClient.invalidateQueries({ queryKey: queryRoots.condivisioniNotifiche });
      },
    });
    return () => {
      unsubscribe();
      closeChatSocket();
    };
  }, [enabled, token, userId, queryClient, navigate]);
}
