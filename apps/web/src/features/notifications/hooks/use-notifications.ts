import { useCallback, useState } from 'react';
import {
  NOTIFICATION_TEXTS,
  notificationsEnabled,
  notificationsSupported,
  requestNotificationPermission,
  setNotificationsPreferred,
  showWelcomeNotification,
} from '@/lib/notifications';
import { notify } from '@/lib/toast';

/** Switch on: ask the browser if needed, toast, welcome notification (closes after 5 s). */
export async function enableNotifications(): Promise<boolean> {
  const permission = await requestNotificationPermission();
  if (permission !== 'granted') {
    notify({ severity: 'warn', ...NOTIFICATION_TEXTS.blocked });
    return false;
  }
  setNotificationsPreferred(true);
  notify({ severity: 'success', ...NOTIFICATION_TEXTS.enabled });
  showWelcomeNotification();
  return true;
}

export function disableNotifications(): void {
  setNotificationsPreferred(false);
  notify({ severity: 'info', ...NOTIFICATION_TEXTS.disabled });
}

/**
 * After login (docs/api.md "Sessions and anti-forgery"): ask for the permission when the browser has not been asked yet. Runs
 * in the background; the user is not kept waiting on the login page.
 */
export async function askNotificationsAfterLogin(): Promise<void> {
  if (!notificationsSupported() || Notification.permission !== 'default') return;
  const permission = await requestNotificationPermission();
  if (permission === 'granted') {
    setNotificationsPreferred(true);
    notify({ severity: 'success', ...NOTIFICATION_TEXTS.enabled });
    showWelcomeNotification();
  }
}

export function useNotificationsToggle() {
  const [enabled, setEnabled] = useState(notificationsEnabled);
  const [busy, setBusy] = useState(false);
  const toggle = useCallback(async () => {
    if (busy) return;
    if (notificationsEnabled()) {
      disableNotifications();
      setEnabled(false);
      return;
    }
    setBusy(true);
    try {
      setEnabled(await enableNotifications());
    } finally {
      setBusy(false);
    }
  }, [busy]);
  return { supported: notificationsSupported(), enabled, busy, toggle };
}
