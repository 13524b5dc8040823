import { readString, writeString } from './storage';

/**
 * Notifications (docs/api.md "Sessions and anti-forgery", §8, §9). The text rules are pure functions, tested on their own.
 */
export const NOTIFICATION_TEXTS = {
  enabled: {
    summary: 'Notifiche abilitate',
    detail: 'Riceverai notifiche per i nuovi messaggi quando non sei nella chat.',
  },
  disabled: {
    summary: 'Notifiche disabilitate',
    detail: 'Non riceverai notifiche per i nuovi messaggi.',
  },
  blocked: {
    summary: 'Notifiche bloccate',
    detail: 'Il browser non permette le notifiche: abilitale dalle impostazioni del sito.',
  },
  welcome: {
    title: 'GestCava',
    body: 'Le notifiche sono attive.',
  },
} as const;

export const MESSAGE_NOTIFICATION_TIMEOUT_MS = 10_000;
export const WELCOME_NOTIFICATION_TIMEOUT_MS = 5_000;
const MAX_CONTENT_LENGTH = 100;
const CUT_CONTENT_LENGTH = 97;
const CHAT_PATH = '/app/chat';

export function messageNotificationTitle(senderName: string): string {
  return `Nuovo messaggio da ${senderName}`;
}

/** Content cut to 97 characters plus '...' when over 100; then a line '[n allegati]'. */
export function messageNotificationBody(content: string, attachmentCount = 0): string {
  const text =
    content.length > MAX_CONTENT_LENGTH ? `${content.slice(0, CUT_CONTENT_LENGTH)}...` : content;
  const lines = text ? [text] : [];
  if (attachmentCount > 0) lines.push(`[${attachmentCount} allegati]`);
  return lines.join('\n');
}

export function messageNotification(message: {
  senderName: string;
  content: string;
  attachmentCount?: number;
}): { title: string; body: string } {
  return {
    title: messageNotificationTitle(message.senderName),
    body: messageNotificationBody(message.content, message.attachmentCount ?? 0),
  };
}

// -- browser side ------------------------------------------------------------------------------

const PREFERENCE_KEY = 'notificationsEnabled';

/** The toggle exists only where the Notification API does, in a secure context. */
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && window.isSecureContext;
}

function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

/** The user's own switch (on by default once the browser grants the permission). */
function notificationsPreferred(): boolean {
  return readString(PREFERENCE_KEY) !== 'false';
}

export function setNotificationsPreferred(value: boolean): void {
  writeString(PREFERENCE_KEY, value ? 'true' : 'false');
}

/** Enabled = browser permission granted and not switched off by the user. */
export function notificationsEnabled(): boolean {
  return notificationPermission() === 'granted' && notificationsPreferred();
}

export async function requestNotificationPermission(): Promise<
  NotificationPermission | 'unsupported'
> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

function showDesktopNotification(
  title: string,
  body: string,
  timeoutMs: number,
  onClick?: () => void,
): Notification | null {
  if (!notificationsEnabled()) return null;
  try {
    const n = new Notification(title, { body, icon: '/favicon.svg', lang: 'it' });
    if (onClick) {
      n.onclick = () => {
        window.focus();
        onClick();
        n.close();
      };
    }
    setTimeout(() => n.close(), timeoutMs);
    return n;
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
    return null;
  }
}

export function showWelcomeNotification(): Notification | null {
  return showDesktopNotification(
    NOTIFICATION_TEXTS.welcome.title,
    NOTIFICATION_TEXTS.welcome.body,
    WELCOME_NOTIFICATION_TIMEOUT_MS,
  );
}

/**
 * A new chat message: shown only when the user is not on the chat page; closes after 10 s.
 * Used by the chat feature when it lands.
 */
export function notifyNewMessage(
  message: { senderName: string; content: string; attachmentCount?: number },
  currentPath: string,
  onClick?: () => void,
): Notification | null {
  if (currentPath === CHAT_PATH || currentPath.startsWith(`${CHAT_PATH}/`)) return null;
  const { title, body } = messageNotification(message);
  return showDesktopNotification(title, body, MESSAGE_NOTIFICATION_TIMEOUT_MS, onClick);
}
