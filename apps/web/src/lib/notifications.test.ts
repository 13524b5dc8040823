import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  messageNotification,
  messageNotificationBody,
  messageNotificationTitle,
  MESSAGE_NOTIFICATION_TIMEOUT_MS,
  NOTIFICATION_TEXTS,
  notificationsEnabled,
  notifyNewMessage,
  setNotificationsPreferred,
  showWelcomeNotification,
  WELCOME_NOTIFICATION_TIMEOUT_MS,
} from './notifications';

describe('notification texts (docs/api.md "Errors")', () => {
  it('toasts', () => {
    expect(NOTIFICATION_TEXTS.enabled).toEqual({
      summary: 'Notifiche abilitate',
      detail: 'Riceverai notifiche per i nuovi messaggi quando non sei nella chat.',
    });
    expect(NOTIFICATION_TEXTS.disabled).toEqual({
      summary: 'Notifiche disabilitate',
      detail: 'Non riceverai notifiche per i nuovi messaggi.',
    });
  });

  it("title 'Nuovo messaggio da {name}'", () => {
    expect(messageNotificationTitle('Marco Lazzerini')).toBe('Nuovo messaggio da Marco Lazzerini');
  });

  it('content up to 100 characters stays whole', () => {
    const hundred = 'a'.repeat(100);
    expect(messageNotificationBody(hundred)).toBe(hundred);
  });

  it('content over 100 characters is cut to 97 plus "..."', () => {
    const body = messageNotificationBody('b'.repeat(101));
    expect(body).toBe(`${'b'.repeat(97)}...`);
    expect(body).toHaveLength(100);
    expect(messageNotificationBody('x'.repeat(500))).toHaveLength(100);
  });

  it("adds a line '[n allegati]' when there are attachments", () => {
    expect(messageNotificationBody('Ecco le foto', 3)).toBe('Ecco le foto\n[3 allegati]');
    expect(messageNotificationBody('', 2)).toBe('[2 allegati]');
    expect(messageNotificationBody('Senza', 0)).toBe('Senza');
    expect(messageNotificationBody('c'.repeat(120), 1)).toBe(`${'c'.repeat(97)}...\n[1 allegati]`);
  });

  it('builds title and body together', () => {
    expect(
      messageNotification({ senderName: 'Giulia', content: 'Ciao', attachmentCount: 1 }),
    ).toEqual({
      title: 'Nuovo messaggio da Giulia',
      body: 'Ciao\n[1 allegati]',
    });
  });
});

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static created: FakeNotification[] = [];
  static requestPermission = vi.fn(() => Promise.resolve(FakeNotification.permission));
  closed = false;
  onclick: (() => void) | null = null;
  constructor(
    public title: string,
    public options?: NotificationOptions,
  ) {
    FakeNotification.created.push(this);
  }
  close() {
    this.closed = true;
  }
}

describe('desktop notifications (docs/api.md "Sessions and anti-forgery", §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeNotification.created = [];
    FakeNotification.permission = 'granted';
    vi.stubGlobal('Notification', FakeNotification);
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a new message shows outside the chat and closes after 10 s', () => {
    const n = notifyNewMessage(
      { senderName: 'Paolo', content: 'Collaudo confermato' },
      '/app/dashboard',
    );
    expect(n).not.toBeNull();
    expect(FakeNotification.created[0]?.title).toBe('Nuovo messaggio da Paolo');
    expect(FakeNotification.created[0]?.options?.body).toBe('Collaudo confermato');
    vi.advanceTimersByTime(MESSAGE_NOTIFICATION_TIMEOUT_MS - 1);
    expect(FakeNotification.created[0]?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeNotification.created[0]?.closed).toBe(true);
    expect(MESSAGE_NOTIFICATION_TIMEOUT_MS).toBe(10_000);
  });

  it('not on the chat page', () => {
    expect(notifyNewMessage({ senderName: 'Paolo', content: 'x' }, '/app/chat')).toBeNull();
    expect(FakeNotification.created).toHaveLength(0);
  });

  it('not when switched off by the user, nor without the browser permission', () => {
    setNotificationsPreferred(false);
    expect(notificationsEnabled()).toBe(false);
    expect(notifyNewMessage({ senderName: 'P', content: 'x' }, '/app/dashboard')).toBeNull();
    setNotificationsPreferred(true);
    FakeNotification.permission = 'denied';
    expect(notificationsEnabled()).toBe(false);
  });

  it('the welcome notification closes after 5 s', () => {
    showWelcomeNotification();
    expect(FakeNotification.created).toHaveLength(1);
    vi.advanceTimersByTime(WELCOME_NOTIFICATION_TIMEOUT_MS);
    expect(FakeNotification.created[0]?.closed).toBe(true);
    expect(WELCOME_NOTIFICATION_TIMEOUT_MS).toBe(5000);
  });
});
